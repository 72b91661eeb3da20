/** The fifteen roles of spec §6, exactly as the API spells them. */
export const STAFF_ROLES = [
  'Executive',
  'System Admin',
  'Executive Team',
  'Regional Director',
  'Regional Manager',
  'Branch Manager',
  'Account Manager',
  'Crew Leader',
  'Business Development',
] as const;

export const CUSTOMER_ROLES = [
  'Property Manager',
  'Board Member',
  'Resident',
  'Tenant/Resident',
  'Tenant/Resident - Neighborhood',
  'Landscape Committee',
] as const;

export const ROLES = [...STAFF_ROLES, ...CUSTOMER_ROLES] as const;

export type StaffRole = (typeof STAFF_ROLES)[number];
export type CustomerRole = (typeof CUSTOMER_ROLES)[number];
export type Role = (typeof ROLES)[number];

const roleSet: ReadonlySet<string> = new Set(ROLES);
const staffSet: ReadonlySet<string> = new Set(STAFF_ROLES);
const customerSet: ReadonlySet<string> = new Set(CUSTOMER_ROLES);

export function isRole(value: string): value is Role {
  return roleSet.has(value);
}

export function isStaffRole(value: string): value is StaffRole {
  return staffSet.has(value);
}

export function isCustomerRole(value: string): value is CustomerRole {
  return customerSet.has(value);
}

/** The API's `role` field is the comma-separated list of a user's roles (spec §3). */
export function parseRoles(value: string | readonly string[] | null | undefined): Role[] {
  if (!value) return [];
  const parts = typeof value === 'string' ? value.split(',') : value;
  return parts.map((part) => part.trim()).filter(isRole);
}

export function formatRoles(roles: readonly string[]): string {
  return roles.join(',');
}

export function hasStaffRole(roles: readonly string[]): boolean {
  return roles.some(isStaffRole);
}

export function hasCustomerRole(roles: readonly string[]): boolean {
  return roles.some(isCustomerRole);
}

/** Demo login name of a role: lower case, every run of other characters turned into one `-`. */
export function roleSlug(role: Role): string {
  return role
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** The one role that manages company-wide records: regions, branches, employees, catalogues, reference data. */
export function isSystemAdmin(roles: readonly string[]): boolean {
  return roles.includes('System Admin');
}

/** Staff who see every customer. */
export const ALL_CUSTOMER_SCOPE_ROLES: readonly StaffRole[] = ['System Admin', 'Executive', 'Executive Team'];
/** Staff whose customers are those of their region. */
export const REGION_SCOPE_ROLES: readonly StaffRole[] = ['Regional Director', 'Regional Manager'];
/** Staff whose customers are those of their branch. */
export const BRANCH_SCOPE_ROLES: readonly StaffRole[] = ['Branch Manager'];
/** Staff whose customers are those whose team they are on. */
export const TEAM_SCOPE_ROLES: readonly StaffRole[] = ['Account Manager', 'Crew Leader', 'Business Development'];
