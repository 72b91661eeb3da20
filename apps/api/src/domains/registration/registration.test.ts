import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LOGIN_FAILED_TEXT,
  REGISTRATION_CODE_INVALID_TEXT,
  RESIDENT_REGISTRATION_DONE_TEXT,
  VALIDATION_MESSAGES,
  type CustomerSettings,
} from '@grove/shared';
import { customerUsers, notifications, users } from '../../db/schema.js';
import { outboxEmails } from '../../test/outbox-emails.js';
import { createCustomer, createUser, linkCustomerUser, signIn, type CustomerRow, type SignedIn, type TestUser } from '../../test/factories.js';
import { createTestContext, dbKind, type TestContext } from '../../test/test-app.js';
import { browser, login } from '../auth/test-factories.js';
import { REGISTRATION_LIMIT_PER_IP } from './routes.js';

const PASSWORD = 'Lantern-Meadow-Cobalt-58';

describe(`resident self-registration (${dbKind})`, () => {
  let ctx: TestContext;
  let customer: CustomerRow;
  let accountManager: TestUser;
  let pmUser: TestUser;
  let pm: SignedIn;
  let admin: SignedIn;
  let code: string;
  let ip = 0;
  const nextIp = () => `10.55.0.${++ip}`;

  beforeAll(async () => {
    ctx = await createTestContext({ PUBLIC_URL: 'https://portal.grove.test' });
    accountManager = await createUser(ctx, { roles: ['Account Manager'] });
    customer = await createCustomer(ctx, { name: 'Heron Lake HOA', accountManagerId: accountManager.id });
    pmUser = await createUser(ctx, { roles: ['Property Manager'], email: 'pm.heron@example.com' });
    await linkCustomerUser(ctx, customer.id, pmUser.id);
    pm = await signIn(ctx, pmUser);
    admin = await signIn(ctx, await createUser(ctx, { roles: ['System Admin'] }));
    const settings = await ctx.app.inject({ method: 'PUT', url: `/api/Customers/${customer.id}/settings`, headers: admin, payload: { selfRegistrationEnabled: true } });
    code = settings.json<CustomerSettings>().registrationCode!;
  });
  afterAll(async () => {
    await ctx.close();
  });

  const register = (body: Record<string, unknown>, remoteAddress = nextIp()) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/Registration/resident',
      remoteAddress,
      payload: { code, firstName: 'Rosa', lastName: 'Lindqvist', email: 'rosa.lindqvist@example.com', unit: '14 Heron Ct', password: PASSWORD, confirmPassword: PASSWORD, ...body },
    });
  const outboxTo = (address: string) => outboxEmails(ctx, address);

  it('registers → pending approval (cannot sign in) → a property manager approves → the resident is emailed and signs in', async () => {
    // Typed in lower case without the dash: still the code.
    const res = await register({ code: code.replace('-', '').toLowerCase(), role: 'Tenant/Resident', language: 'de' });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ message: RESIDENT_REGISTRATION_DONE_TEXT });

    const [account] = await ctx.database.db.select().from(users).where(eq(users.username, 'rosa.lindqvist@example.com'));
    expect(account).toMatchObject({ active: false, roles: ['Tenant/Resident'], language: 'de' });
    const [link] = await ctx.database.db.select().from(customerUsers).where(eq(customerUsers.userId, account!.id));
    expect(link).toMatchObject({ customerId: customer.id, status: 'pending_approval', roles: ['Tenant/Resident'], unit: '14 Heron Ct' });

    const b = browser(nextIp());
    const refused = await login(ctx.app, 'rosa.lindqvist@example.com', PASSWORD, b);
    expect(refused.res.statusCode).toBe(400);
    expect(refused.res.json()).toMatchObject({ error_description: LOGIN_FAILED_TEXT });

    // The property manager hears of it (not the account manager: the customer has a PM).
    const told = await ctx.database.db.select().from(notifications).where(eq(notifications.type, 'portal_registration_pending'));
    expect(told.map((row) => [row.userId, row.link])).toEqual([[pmUser.id, `/customerView/${customer.id}/manage-portal-access`]]);
    expect((await outboxTo('pm.heron@example.com')).map((mail) => mail.subject)).toEqual(['New resident registration for Heron Lake HOA']);

    const listed = await ctx.app.inject({ method: 'GET', url: `/api/Customers/${customer.id}/portal-users?status=pending_approval`, headers: pm });
    expect(listed.json()).toMatchObject({ total: 1, data: [{ userId: account!.id, status: 'pending_approval', unit: '14 Heron Ct' }] });
    const approved = await ctx.app.inject({ method: 'POST', url: `/api/Customers/${customer.id}/portal-users/${account!.id}/approve`, headers: pm });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'active' });
    const [mail] = await outboxTo('rosa.lindqvist@example.com');
    // In the language the resident registered in.
    expect(mail!.subject).toBe('Ihre Registrierung für Heron Lake HOA wurde freigegeben');

    const signedIn = await login(ctx.app, 'rosa.lindqvist@example.com', PASSWORD, b);
    expect(signedIn.res.statusCode).toBe(200);
    expect(signedIn.res.json()).toMatchObject({ user: { customerIds: [customer.id], role: 'Tenant/Resident' } });
    expect((await ctx.app.inject({ method: 'POST', url: `/api/Customers/${customer.id}/portal-users/${account!.id}/approve`, headers: pm })).statusCode).toBe(409);
  });

  it('refuses a wrong code, a disabled registration and a weak password with field errors', async () => {
    const wrong = await register({ code: 'ZZZZ-ZZZZ', email: 'wrong.code@example.com' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: REGISTRATION_CODE_INVALID_TEXT, errors: { code: [REGISTRATION_CODE_INVALID_TEXT] } });

    const weak = await register({ email: 'weak.pass@example.com', password: 'password1', confirmPassword: 'password1' });
    expect(weak.json()).toMatchObject({ errors: { password: [VALIDATION_MESSAGES.passwordWeak] } });

    await ctx.app.inject({ method: 'PUT', url: `/api/Customers/${customer.id}/settings`, headers: admin, payload: { selfRegistrationEnabled: false } });
    const off = await register({ email: 'while.off@example.com' });
    expect(off.json()).toMatchObject({ errors: { code: [REGISTRATION_CODE_INVALID_TEXT] } });
    await ctx.app.inject({ method: 'PUT', url: `/api/Customers/${customer.id}/settings`, headers: admin, payload: { selfRegistrationEnabled: true } });

    const made = await ctx.database.db.select({ n: count() }).from(users).where(eq(users.username, 'while.off@example.com'));
    expect(made[0]?.n).toBe(0);
  });

  it('answers an existing email exactly like a new one, without a second account, and tells the owner', async () => {
    const owner = await createUser(ctx, { roles: ['Resident'], email: 'already.here@example.com', firstName: 'Alma' });
    const res = await register({ email: 'Already.Here@example.com', firstName: 'Mallory' });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: RESIDENT_REGISTRATION_DONE_TEXT });
    const accounts = await ctx.database.db.select().from(users).where(eq(users.username, 'already.here@example.com'));
    expect(accounts.map((row) => [row.id, row.firstName, row.active])).toEqual([[owner.id, 'Alma', true]]);
    expect(await ctx.database.db.select().from(customerUsers).where(and(eq(customerUsers.userId, owner.id)))).toEqual([]);
    const [mail] = await outboxTo('already.here@example.com');
    expect(mail!.subject).toBe('A registration for Heron Lake HOA used your email');
  });

  it('tells the account manager when the customer has no property manager', async () => {
    const lonely = await createCustomer(ctx, { name: 'Quiet Pines', accountManagerId: accountManager.id });
    const settings = await ctx.app.inject({ method: 'PUT', url: `/api/Customers/${lonely.id}/settings`, headers: admin, payload: { selfRegistrationEnabled: true } });
    const res = await register({ code: settings.json<CustomerSettings>().registrationCode, email: 'pines.resident@example.com' });
    expect(res.statusCode).toBe(202);
    const told = await ctx.database.db.select().from(notifications).where(eq(notifications.userId, accountManager.id));
    expect(told.map((row) => row.link)).toEqual([`/customers/${lonely.id}/manage-portal-access`]);
  });

  it('limits attempts per IP address (429 with Retry-After)', async () => {
    const address = '10.66.0.1';
    for (let i = 0; i < REGISTRATION_LIMIT_PER_IP.limit; i++) {
      expect((await register({ code: 'QQQQ-QQQQ' }, address)).statusCode).toBe(400);
    }
    const limited = await register({}, address);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await register({ code: 'QQQQ-QQQQ' }, '10.66.0.2')).statusCode).toBe(400);
  });
});
