/*
 * The sign-in form's shared zod schema, loaded when the form is first touched: the sign-in
 * screen's first download then carries no validation library (decision 028).
 */
export { loginRequestSchema } from '@grove/shared';
