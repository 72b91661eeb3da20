import { SecurityTab } from './SecurityTab';

/**
 * The customer-side user's own security on their settings page: password, two-factor sign-in and
 * live sessions (the same cards as staff /settings; wired in app/customer-panels.ts).
 */
export default function CustomerSecurityPanel() {
  return (
    <div data-testid="customer-security">
      <SecurityTab admin={false} />
    </div>
  );
}
