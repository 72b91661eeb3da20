import { describe, expect, it } from 'vitest';
import { CUSTOMER_ROLES, ROLES, ROUTE_ACCESS, STAFF_ROLES, canAccess } from '@grove/shared';
import { decideAccess, homePath, loginPath, safeRedirectTarget } from './guards';

const accessOf = (path: string) => ROUTE_ACCESS.find((entry) => entry.path === path)!.access;

describe('route guard (spec §6)', () => {
  it('sends a signed-out user to login with the original path and query', () => {
    expect(decideAccess({ pathname: '/customers', search: '?status=active&page=2', access: 'staff', roles: null })).toEqual({
      allow: false,
      redirectTo: '/login?redirect=%2Fcustomers%3Fstatus%3Dactive%26page%3D2',
    });
  });

  it('sends a signed-in user with no role to login (user info could not give one)', () => {
    expect(decideAccess({ pathname: '/dashboard', access: 'staff', roles: [] })).toEqual({
      allow: false,
      redirectTo: '/login?redirect=%2Fdashboard',
    });
  });

  it('lets anyone open public routes and any signed-in user open "authenticated" ones', () => {
    expect(decideAccess({ pathname: '/login', access: 'public', roles: null })).toEqual({ allow: true });
    expect(decideAccess({ pathname: '/customers/redirectToCustomer/1', access: 'authenticated', roles: ['Resident'] })).toEqual({ allow: true });
  });

  it('refuses /create-orange-report to a System Admin with /404 (not in the customers-list fall-back)', () => {
    expect(decideAccess({ pathname: '/create-orange-report', access: accessOf('/create-orange-report'), roles: ['System Admin'] })).toEqual({
      allow: false,
      redirectTo: '/404',
    });
  });

  it('sends a Crew Leader to /create-orange-report and an Account Manager back to /customers', () => {
    expect(decideAccess({ pathname: '/create-orange-report', access: 'crewLeader', roles: ['Crew Leader'] })).toEqual({ allow: true });
    expect(decideAccess({ pathname: '/create-orange-report', access: 'crewLeader', roles: ['Account Manager'] })).toEqual({
      allow: false,
      redirectTo: '/customers',
    });
  });

  it('falls back per role family on global plan templates', () => {
    const access = accessOf('/planTemplates');
    expect(decideAccess({ pathname: '/planTemplates', access, roles: ['Branch Manager'] })).toEqual({ allow: true });
    expect(decideAccess({ pathname: '/planTemplates', access, roles: ['Crew Leader'] })).toEqual({ allow: false, redirectTo: '/customers' });
    expect(decideAccess({ pathname: '/planTemplates', access, roles: ['Business Development'] })).toEqual({ allow: false, redirectTo: '/404' });
  });

  it('sends a customer-side user on a staff route to the customer dashboard', () => {
    for (const role of CUSTOMER_ROLES) {
      expect(decideAccess({ pathname: '/customers', access: 'staff', roles: [role] })).toEqual({
        allow: false,
        redirectTo: '/customerView/dashboard',
      });
    }
  });

  it('keeps customer messages to Property Manager and Board Member', () => {
    const path = '/customerView/:customerId/messages';
    const access = accessOf(path);
    expect(decideAccess({ pathname: '/customerView/c1/messages', access, roles: ['Board Member'] })).toEqual({ allow: true });
    expect(decideAccess({ pathname: '/customerView/c1/messages', access, roles: ['Resident'] })).toEqual({
      allow: false,
      redirectTo: '/customerView/dashboard',
    });
  });

  it('allows when any one of several roles matches', () => {
    expect(decideAccess({ pathname: '/create-orange-report', access: 'crewLeader', roles: ['Business Development', 'Crew Leader'] })).toEqual({
      allow: true,
    });
    expect(decideAccess({ pathname: '/customerView/c1/messages', access: 'customerMessages', roles: ['Resident', 'Property Manager'] })).toEqual({
      allow: true,
    });
    // A staff member who is also a resident: the staff route is allowed, the customer fall-back does not kick in.
    expect(decideAccess({ pathname: '/customers', access: 'staff', roles: ['Resident', 'Account Manager'] })).toEqual({ allow: true });
  });

  it('agrees with the shared table for every route × every role', () => {
    for (const entry of ROUTE_ACCESS) {
      const pathname = entry.path.replace(/:[A-Za-z]+/g, 'x1');
      for (const role of ROLES) {
        const decision = decideAccess({ pathname, access: entry.access, roles: [role] });
        expect(decision.allow, `${role} on ${entry.path}`).toBe(canAccess([role], entry.access));
        if (!decision.allow) expect(['/customers', '/customerView/dashboard', '/404']).toContain(decision.redirectTo);
      }
    }
  });

  it('sends staff refused on a customer route to the customers list or /404 by role', () => {
    for (const role of STAFF_ROLES) {
      const decision = decideAccess({ pathname: '/customerView/dashboard', access: 'customer', roles: [role] });
      expect(decision).toEqual({ allow: false, redirectTo: role === 'System Admin' || role === 'Business Development' ? '/404' : '/customers' });
    }
  });
});

describe('redirect after sign-in (no open redirect)', () => {
  it('accepts same-origin relative paths with query and hash', () => {
    expect(safeRedirectTarget('/customers?status=active#top')).toBe('/customers?status=active#top');
    expect(safeRedirectTarget('/customerView/abc/plans')).toBe('/customerView/abc/plans');
  });

  it.each([
    ['//evil.example/path'],
    ['/\\evil.example'],
    ['https://evil.example/'],
    ['http:/evil.example'],
    ['javascript:alert(1)'],
    ['evil.example'],
    ['/\t/evil.example'],
    ['/%0A/x\n'],
    [''],
    [null],
    ['/login?redirect=/customers'],
  ])('refuses %j', (value) => {
    expect(safeRedirectTarget(value)).toBeNull();
  });

  it('builds the login path only with a safe target', () => {
    expect(loginPath('/plans?x=1')).toBe('/login?redirect=%2Fplans%3Fx%3D1');
    expect(loginPath('//evil.example')).toBe('/login');
  });

  it('lands staff on /customers and customer-side users on their dashboard', () => {
    expect(homePath(['Crew Leader'])).toBe('/customers');
    expect(homePath(['System Admin'])).toBe('/customers');
    expect(homePath(['Tenant/Resident'])).toBe('/customerView/dashboard');
  });
});
