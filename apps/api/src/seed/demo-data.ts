/**
 * The demo company "Grove Landscapes": fixed data, so the README and the end-to-end tests can rely on
 * it. Two regions (Atlanta metro, Dallas–Fort Worth metro), four branches, staff in every staff role,
 * 32 customers with addresses and coordinates, customer-side users in every customer-side role.
 *
 * Each role has a demo user `<roleSlug>@demo.grove.test` (see demoEmail). Where they see what:
 *   - regional-director@ (Georgia) sees the 16 Georgia customers; regional-manager@ (Texas) the 16 Texas ones;
 *   - branch-manager@ (Marietta) sees the 8 Marietta customers;
 *   - account-manager@ manages (and is on the team of) 6 Marietta customers; crew-leader@ is on the
 *     teams of 7 Marietta customers and of Windward Lake Estates (Alpharetta); business-development@
 *     is on the teams of 3 customers (2 of them prospects);
 *   - property-manager@ is linked to Whitlock Ridge HOA and Brookstone Lakes; the other customer-side
 *     demo users to one Marietta customer each.
 * Portal access (domains/customers/demo-seed.ts): Whitlock Ridge and Brookstone Lakes take resident
 * self-registration with the codes WHRG-2468 and BRKS-3579 (board members manage Whitlock's portal
 * users), have map zones, an invited user each and a resident waiting for approval.
 */
import { roleSlug, type CustomerStatus, type CustomerTeamRole, type CustomerType, type Role } from '@grove/shared';

export const DEMO_EMAIL_DOMAIN = 'demo.grove.test';

/** The demo login of a role: `system-admin@demo.grove.test`, `tenant-resident-neighborhood@demo.grove.test`… */
export function demoEmail(role: Role): string {
  return `${roleSlug(role)}@${DEMO_EMAIL_DOMAIN}`;
}

export const DEMO_REGIONS = [
  { key: 'ga', name: 'Georgia' },
  { key: 'tx', name: 'Texas' },
] as const;
export type RegionKey = (typeof DEMO_REGIONS)[number]['key'];

export const DEMO_BRANCHES = [
  { key: 'mar', name: 'Marietta', region: 'ga', timeZone: 'America/New_York' },
  { key: 'alp', name: 'Alpharetta', region: 'ga', timeZone: 'America/New_York' },
  { key: 'pla', name: 'Plano', region: 'tx', timeZone: 'America/Chicago' },
  { key: 'ftw', name: 'Fort Worth', region: 'tx', timeZone: 'America/Chicago' },
] as const satisfies readonly { key: string; name: string; region: RegionKey; timeZone: string }[];
export type BranchKey = (typeof DEMO_BRANCHES)[number]['key'];

export interface DemoPerson {
  key: string;
  email: string;
  firstName: string;
  lastName: string;
  title: string;
  phone: string;
  roles: Role[];
}

export interface DemoStaff extends DemoPerson {
  region?: RegionKey;
  branch?: BranchKey;
}

const person = (email: string, firstName: string, lastName: string) => ({ email, firstName, lastName });
const named = (first: string, last: string) =>
  person(`${first}.${last.replace(/[^A-Za-z]/g, '')}@${DEMO_EMAIL_DOMAIN}`.toLowerCase(), first, last);

export const DEMO_STAFF: readonly DemoStaff[] = [
  // The role demo users.
  { key: 'admin', ...person(demoEmail('System Admin'), 'Sam', 'Whitaker'), title: 'Systems Administrator', phone: '(770) 555-0100', roles: ['System Admin'] },
  { key: 'ceo', ...person(demoEmail('Executive'), 'Margaret', 'Holloway'), title: 'Chief Executive Officer', phone: '(770) 555-0101', roles: ['Executive'] },
  { key: 'vpops', ...person(demoEmail('Executive Team'), 'David', 'Chen'), title: 'VP of Operations', phone: '(770) 555-0102', roles: ['Executive Team'] },
  { key: 'rdGa', ...person(demoEmail('Regional Director'), 'Lisa', 'Moreno'), title: 'Regional Director, Georgia', phone: '(770) 555-0110', roles: ['Regional Director'], region: 'ga' },
  { key: 'rmTx', ...person(demoEmail('Regional Manager'), 'Marcus', 'Bell'), title: 'Regional Manager, Texas', phone: '(972) 555-0120', roles: ['Regional Manager'], region: 'tx' },
  { key: 'bmMar', ...person(demoEmail('Branch Manager'), 'Priya', 'Natarajan'), title: 'Branch Manager, Marietta', phone: '(770) 555-0130', roles: ['Branch Manager'], region: 'ga', branch: 'mar' },
  { key: 'amMar', ...person(demoEmail('Account Manager'), 'Jordan', 'Ellis'), title: 'Senior Account Manager', phone: '(770) 555-0131', roles: ['Account Manager'], region: 'ga', branch: 'mar' },
  { key: 'clMar', ...person(demoEmail('Crew Leader'), 'Luis', 'Ortega'), title: 'Crew Leader, Maintenance', phone: '(770) 555-0132', roles: ['Crew Leader'], region: 'ga', branch: 'mar' },
  { key: 'bdGa', ...person(demoEmail('Business Development'), 'Hannah', 'Brooks'), title: 'Business Development Manager', phone: '(770) 555-0133', roles: ['Business Development'], region: 'ga', branch: 'mar' },
  // More of the company.
  { key: 'rdTx', ...named('Robert', 'Garza'), title: 'Regional Director, Texas', phone: '(972) 555-0111', roles: ['Regional Director'], region: 'tx' },
  { key: 'rmGa', ...named('Angela', 'Foster'), title: 'Regional Manager, Georgia', phone: '(770) 555-0121', roles: ['Regional Manager'], region: 'ga' },
  { key: 'bmAlp', ...named('Kevin', "O'Brien"), title: 'Branch Manager, Alpharetta', phone: '(678) 555-0140', roles: ['Branch Manager'], region: 'ga', branch: 'alp' },
  // A branch manager who also manages accounts: two roles, the union of both scopes.
  { key: 'bmPla', ...named('Tasha', 'Williams'), title: 'Branch Manager, Plano', phone: '(972) 555-0150', roles: ['Branch Manager', 'Account Manager'], region: 'tx', branch: 'pla' },
  { key: 'bmFtw', ...named('Brian', 'Nguyen'), title: 'Branch Manager, Fort Worth', phone: '(817) 555-0160', roles: ['Branch Manager'], region: 'tx', branch: 'ftw' },
  { key: 'amAlp', ...named('Emily', 'Carter'), title: 'Account Manager', phone: '(678) 555-0141', roles: ['Account Manager'], region: 'ga', branch: 'alp' },
  { key: 'amPla', ...named('Carlos', 'Mendoza'), title: 'Account Manager', phone: '(972) 555-0151', roles: ['Account Manager'], region: 'tx', branch: 'pla' },
  { key: 'amFtw', ...named('Rachel', 'Kim'), title: 'Account Manager', phone: '(817) 555-0161', roles: ['Account Manager'], region: 'tx', branch: 'ftw' },
  { key: 'clAlp', ...named('Miguel', 'Santos'), title: 'Crew Leader, Maintenance', phone: '(678) 555-0142', roles: ['Crew Leader'], region: 'ga', branch: 'alp' },
  { key: 'clPla', ...named('Andre', 'Jackson'), title: 'Crew Leader, Enhancements', phone: '(972) 555-0152', roles: ['Crew Leader'], region: 'tx', branch: 'pla' },
  { key: 'clFtw', ...named('Dale', 'Hughes'), title: 'Crew Leader, Irrigation', phone: '(817) 555-0162', roles: ['Crew Leader'], region: 'tx', branch: 'ftw' },
  { key: 'bdTx', ...named('Olivia', 'Park'), title: 'Business Development Representative', phone: '(972) 555-0153', roles: ['Business Development'], region: 'tx', branch: 'pla' },
];
export type StaffKey = string;

export interface DemoCustomer {
  key: string;
  name: string;
  accountNumber: string;
  type: CustomerType;
  status: CustomerStatus;
  addressLine1: string;
  addressLine2?: string;
  city: string;
  state: string;
  postalCode: string;
  latitude: number;
  longitude: number;
  branch: BranchKey;
  manager?: StaffKey;
  /** Staff on the team, with their team role. The account manager is added as 'Account Manager'. */
  team: [StaffKey, CustomerTeamRole][];
  acres: number;
  notes?: string;
}

const CL: CustomerTeamRole = 'Crew Leader';
const BD: CustomerTeamRole = 'Business Development';

export const DEMO_CUSTOMERS: readonly DemoCustomer[] = [
  // Marietta branch (Cobb County, GA)
  { key: 'whitlock', name: 'Whitlock Ridge HOA', accountNumber: 'MAR-1001', type: 'hoa', status: 'active', addressLine1: '1450 Whitlock Ridge Dr', city: 'Marietta', state: 'GA', postalCode: '30064', latitude: 33.9526, longitude: -84.5663, branch: 'mar', manager: 'amMar', team: [['clMar', CL]], acres: 18.5, notes: 'Gate code 4127 at the clubhouse entrance. Irrigation controller is in the pool equipment room.' },
  { key: 'kennesaw', name: 'Kennesaw Commons Shopping Center', accountNumber: 'MAR-1002', type: 'retail', status: 'active', addressLine1: '840 Ernest W Barrett Pkwy NW', city: 'Kennesaw', state: 'GA', postalCode: '30144', latitude: 34.0152, longitude: -84.5614, branch: 'mar', manager: 'amMar', team: [['clMar', CL]], acres: 9.2, notes: 'Work before 9 am: the parking lot fills after stores open.' },
  { key: 'vinings', name: 'Vinings Overlook Apartments', accountNumber: 'MAR-1003', type: 'multifamily', status: 'active', addressLine1: '3100 Paces Mill Rd SE', city: 'Atlanta', state: 'GA', postalCode: '30339', latitude: 33.8660, longitude: -84.4680, branch: 'mar', manager: 'amMar', team: [['clMar', CL]], acres: 6.4 },
  { key: 'acworth', name: 'City of Acworth Parks', accountNumber: 'MAR-1004', type: 'municipal', status: 'active', addressLine1: '4415 Center St', city: 'Acworth', state: 'GA', postalCode: '30101', latitude: 34.0659, longitude: -84.6777, branch: 'mar', manager: 'amMar', team: [['clMar', CL]], acres: 42 },
  { key: 'square', name: 'Marietta Square Office Park', accountNumber: 'MAR-1005', type: 'commercial', status: 'active', addressLine1: '120 Church St NE', addressLine2: 'Building B', city: 'Marietta', state: 'GA', postalCode: '30060', latitude: 33.9540, longitude: -84.5496, branch: 'mar', manager: 'amMar', team: [['clMar', CL], ['bdGa', BD]], acres: 3.1 },
  { key: 'brookstone', name: 'Brookstone Lakes Community Association', accountNumber: 'MAR-1006', type: 'hoa', status: 'active', addressLine1: '4700 Brookstone Dr NW', city: 'Acworth', state: 'GA', postalCode: '30101', latitude: 34.0301, longitude: -84.6998, branch: 'mar', manager: 'amMar', team: [['clMar', CL]], acres: 27.8, notes: 'Two entrances; the lake fountain is maintained by another vendor.' },
  { key: 'smyrna', name: 'Smyrna Medical Plaza', accountNumber: 'MAR-1007', type: 'commercial', status: 'prospect', addressLine1: '3949 S Cobb Dr SE', city: 'Smyrna', state: 'GA', postalCode: '30080', latitude: 33.8401, longitude: -84.5102, branch: 'mar', team: [['bdGa', BD]], acres: 4.6, notes: 'Proposal walk-through planned with the facilities director.' },
  { key: 'cobbstorage', name: 'Cobb Parkway Storage Center', accountNumber: 'MAR-1008', type: 'other', status: 'inactive', addressLine1: '2500 Cobb Pkwy NW', city: 'Kennesaw', state: 'GA', postalCode: '30152', latitude: 34.0046, longitude: -84.5901, branch: 'mar', team: [['clMar', CL]], acres: 1.8, notes: 'Contract ended; the owner may renew in spring.' },

  // Alpharetta branch (north Fulton, GA)
  { key: 'windward', name: 'Windward Lake Estates HOA', accountNumber: 'ALP-1001', type: 'hoa', status: 'active', addressLine1: '3000 Windward Lake Dr', city: 'Alpharetta', state: 'GA', postalCode: '30005', latitude: 34.0921, longitude: -84.2619, branch: 'alp', manager: 'amAlp', team: [['clAlp', CL], ['clMar', CL]], acres: 22.3 },
  { key: 'avalon', name: 'Avalon Townhomes Association', accountNumber: 'ALP-1002', type: 'hoa', status: 'active', addressLine1: '210 Avalon Blvd', city: 'Alpharetta', state: 'GA', postalCode: '30009', latitude: 34.0709, longitude: -84.2772, branch: 'alp', manager: 'amAlp', team: [['clAlp', CL]], acres: 5.5 },
  { key: 'roswell', name: 'Roswell Riverside Apartments', accountNumber: 'ALP-1003', type: 'multifamily', status: 'active', addressLine1: '1100 Riverside Rd', city: 'Roswell', state: 'GA', postalCode: '30076', latitude: 34.0103, longitude: -84.3498, branch: 'alp', manager: 'amAlp', team: [['clAlp', CL]], acres: 8.7 },
  { key: 'techcenter', name: 'Johns Creek Technology Center', accountNumber: 'ALP-1004', type: 'commercial', status: 'active', addressLine1: '11175 Cicero Dr', city: 'Alpharetta', state: 'GA', postalCode: '30022', latitude: 34.0502, longitude: -84.1903, branch: 'alp', manager: 'amAlp', team: [['clAlp', CL]], acres: 12.0 },
  { key: 'milton', name: 'City of Milton Municipal Grounds', accountNumber: 'ALP-1005', type: 'municipal', status: 'active', addressLine1: '2006 Heritage Walk', city: 'Milton', state: 'GA', postalCode: '30004', latitude: 34.1322, longitude: -84.3008, branch: 'alp', manager: 'amAlp', team: [['clAlp', CL]], acres: 35.4 },
  { key: 'haynes', name: 'Haynes Bridge Retail Village', accountNumber: 'ALP-1006', type: 'retail', status: 'active', addressLine1: '3000 Old Alabama Rd', city: 'Alpharetta', state: 'GA', postalCode: '30022', latitude: 34.0341, longitude: -84.2559, branch: 'alp', manager: 'amAlp', team: [['clAlp', CL]], acres: 7.3 },
  { key: 'crabapple', name: 'Crabapple Crossing HOA', accountNumber: 'ALP-1007', type: 'hoa', status: 'prospect', addressLine1: '12650 Crabapple Rd', city: 'Milton', state: 'GA', postalCode: '30004', latitude: 34.0898, longitude: -84.3352, branch: 'alp', team: [['bdGa', BD]], acres: 14.9 },
  { key: 'northpoint', name: 'Northpoint Senior Living', accountNumber: 'ALP-1008', type: 'multifamily', status: 'inactive', addressLine1: '1000 North Point Pkwy', city: 'Alpharetta', state: 'GA', postalCode: '30005', latitude: 34.0455, longitude: -84.2882, branch: 'alp', team: [], acres: 4.2 },

  // Plano branch (Collin County, TX)
  { key: 'legacy', name: 'Legacy West Owners Association', accountNumber: 'PLA-1001', type: 'hoa', status: 'active', addressLine1: '5908 Headquarters Dr', city: 'Plano', state: 'TX', postalCode: '75024', latitude: 33.0771, longitude: -96.8248, branch: 'pla', manager: 'amPla', team: [['clPla', CL]], acres: 16.2 },
  { key: 'willowbend', name: 'Willow Bend Crossing Apartments', accountNumber: 'PLA-1002', type: 'multifamily', status: 'active', addressLine1: '6200 W Park Blvd', city: 'Plano', state: 'TX', postalCode: '75093', latitude: 33.0268, longitude: -96.8121, branch: 'pla', manager: 'bmPla', team: [['clPla', CL]], acres: 9.9 },
  { key: 'friscostation', name: 'Frisco Station Business Park', accountNumber: 'PLA-1003', type: 'commercial', status: 'active', addressLine1: '2600 Network Blvd', city: 'Frisco', state: 'TX', postalCode: '75034', latitude: 33.1102, longitude: -96.8297, branch: 'pla', manager: 'amPla', team: [['clPla', CL]], acres: 21.0 },
  { key: 'allen', name: 'City of Allen Parks & Recreation', accountNumber: 'PLA-1004', type: 'municipal', status: 'active', addressLine1: '301 Century Pkwy', city: 'Allen', state: 'TX', postalCode: '75013', latitude: 33.1032, longitude: -96.6702, branch: 'pla', manager: 'amPla', team: [['clPla', CL]], acres: 48.5 },
  { key: 'richardson', name: 'Richardson Town Center', accountNumber: 'PLA-1005', type: 'retail', status: 'active', addressLine1: '1300 E Campbell Rd', city: 'Richardson', state: 'TX', postalCode: '75081', latitude: 32.9771, longitude: -96.7003, branch: 'pla', manager: 'bmPla', team: [['clPla', CL]], acres: 6.8 },
  { key: 'stonebridge', name: 'Stonebridge Ranch Community Association', accountNumber: 'PLA-1006', type: 'hoa', status: 'active', addressLine1: '6201 Virginia Pkwy', city: 'McKinney', state: 'TX', postalCode: '75071', latitude: 33.1962, longitude: -96.6899, branch: 'pla', manager: 'amPla', team: [['clPla', CL], ['bdTx', BD]], acres: 31.7, notes: 'Large common areas; seasonal color at the three monument signs.' },
  { key: 'prestonmed', name: 'Preston Hollow Medical Offices', accountNumber: 'PLA-1007', type: 'commercial', status: 'prospect', addressLine1: '4100 W 15th St', city: 'Plano', state: 'TX', postalCode: '75093', latitude: 33.0199, longitude: -96.7802, branch: 'pla', team: [['bdTx', BD]], acres: 3.9 },
  { key: 'springcreek', name: 'Spring Creek Self Storage', accountNumber: 'PLA-1008', type: 'other', status: 'inactive', addressLine1: '3400 Spring Creek Pkwy', city: 'Plano', state: 'TX', postalCode: '75023', latitude: 33.0561, longitude: -96.7399, branch: 'pla', team: [], acres: 2.2 },

  // Fort Worth branch (Tarrant County, TX)
  { key: 'trinity', name: 'Trinity Bluff Townhomes HOA', accountNumber: 'FTW-1001', type: 'hoa', status: 'active', addressLine1: '601 Samuels Ave', city: 'Fort Worth', state: 'TX', postalCode: '76102', latitude: 32.7631, longitude: -97.3251, branch: 'ftw', manager: 'amFtw', team: [['clFtw', CL]], acres: 4.8 },
  { key: 'southlake', name: 'Southlake Town Square Association', accountNumber: 'FTW-1002', type: 'retail', status: 'active', addressLine1: '1400 Civic Pl', city: 'Southlake', state: 'TX', postalCode: '76092', latitude: 32.9421, longitude: -97.1339, branch: 'ftw', manager: 'amFtw', team: [['clFtw', CL]], acres: 19.6 },
  { key: 'arlington', name: 'Arlington Highlands Apartments', accountNumber: 'FTW-1003', type: 'multifamily', status: 'active', addressLine1: '4000 Bagpiper Way', city: 'Arlington', state: 'TX', postalCode: '76018', latitude: 32.6792, longitude: -97.1061, branch: 'ftw', manager: 'amFtw', team: [['clFtw', CL]], acres: 11.3 },
  { key: 'keller', name: 'City of Keller Public Works Grounds', accountNumber: 'FTW-1004', type: 'municipal', status: 'active', addressLine1: '1100 Bear Creek Pkwy', city: 'Keller', state: 'TX', postalCode: '76248', latitude: 32.9339, longitude: -97.2291, branch: 'ftw', manager: 'amFtw', team: [['clFtw', CL]], acres: 26.1 },
  { key: 'alliance', name: 'Alliance Logistics Campus', accountNumber: 'FTW-1005', type: 'commercial', status: 'active', addressLine1: '2221 Alliance Blvd', city: 'Fort Worth', state: 'TX', postalCode: '76177', latitude: 32.9871, longitude: -97.3179, branch: 'ftw', manager: 'amFtw', team: [['clFtw', CL]], acres: 54.0 },
  { key: 'heritage', name: 'Heritage Trace Homeowners Association', accountNumber: 'FTW-1006', type: 'hoa', status: 'active', addressLine1: '4600 Heritage Trace Pkwy', city: 'Fort Worth', state: 'TX', postalCode: '76244', latitude: 32.9109, longitude: -97.2881, branch: 'ftw', manager: 'amFtw', team: [['clFtw', CL]], acres: 23.4 },
  { key: 'campbowie', name: 'Camp Bowie Retail District', accountNumber: 'FTW-1007', type: 'retail', status: 'prospect', addressLine1: '6300 Camp Bowie Blvd', city: 'Fort Worth', state: 'TX', postalCode: '76116', latitude: 32.7322, longitude: -97.4171, branch: 'ftw', team: [['bdTx', BD]], acres: 5.1 },
  { key: 'westover', name: 'Westover Hills Office Center', accountNumber: 'FTW-1008', type: 'commercial', status: 'inactive', addressLine1: '5800 Lovell Ave', city: 'Fort Worth', state: 'TX', postalCode: '76107', latitude: 32.7401, longitude: -97.4012, branch: 'ftw', team: [], acres: 3.4 },
];

export interface DemoCustomerUser extends DemoPerson {
  customers: string[];
}

export const DEMO_CUSTOMER_USERS: readonly DemoCustomerUser[] = [
  // The role demo users.
  { key: 'pm', ...person(demoEmail('Property Manager'), 'Karen', 'Mitchell'), title: 'Community Manager, Cobb Community Management', phone: '(770) 555-0170', roles: ['Property Manager'], customers: ['whitlock', 'brookstone'] },
  { key: 'board', ...person(demoEmail('Board Member'), 'Thomas', 'Reed'), title: 'Board President', phone: '(770) 555-0171', roles: ['Board Member'], customers: ['whitlock'] },
  { key: 'resident', ...person(demoEmail('Resident'), 'Grace', 'Liu'), title: 'Homeowner', phone: '(770) 555-0172', roles: ['Resident'], customers: ['whitlock'] },
  { key: 'tenant', ...person(demoEmail('Tenant/Resident'), 'Omar', 'Haddad'), title: 'Tenant, unit 214', phone: '(770) 555-0173', roles: ['Tenant/Resident'], customers: ['vinings'] },
  { key: 'neighborhood', ...person(demoEmail('Tenant/Resident - Neighborhood'), 'Nina', 'Petrova'), title: 'Tenant', phone: '(770) 555-0174', roles: ['Tenant/Resident - Neighborhood'], customers: ['brookstone'] },
  { key: 'committee', ...person(demoEmail('Landscape Committee'), 'Walter', 'Greene'), title: 'Landscape Committee Chair', phone: '(770) 555-0175', roles: ['Landscape Committee'], customers: ['whitlock'] },
  // More customer contacts: several roles, several customers.
  { key: 'anderson', ...named('Paul', 'Anderson'), title: 'Board Treasurer', phone: '(770) 555-0176', roles: ['Board Member', 'Landscape Committee'], customers: ['brookstone'] },
  { key: 'whitfield', ...named('James', 'Whitfield'), title: 'Portfolio Manager, North Fulton HOA Services', phone: '(678) 555-0177', roles: ['Property Manager'], customers: ['windward', 'avalon', 'crabapple'] },
  { key: 'palmer', ...named('Greg', 'Palmer'), title: 'Facilities Manager', phone: '(770) 555-0178', roles: ['Property Manager'], customers: ['kennesaw', 'square'] },
  { key: 'ramirez', ...named('Sofia', 'Ramirez'), title: 'Senior Community Manager, Lone Star Associations', phone: '(972) 555-0179', roles: ['Property Manager'], customers: ['legacy', 'stonebridge', 'heritage'] },
  { key: 'tran', ...named('Michelle', 'Tran'), title: 'Leasing and Property Manager', phone: '(972) 555-0180', roles: ['Property Manager', 'Resident'], customers: ['willowbend'] },
  { key: 'foster', ...named('Brian', 'Foster'), title: 'Homeowner', phone: '(972) 555-0181', roles: ['Resident', 'Landscape Committee'], customers: ['stonebridge'] },
  { key: 'johnson', ...named('Aisha', 'Johnson'), title: 'Tenant', phone: '(817) 555-0182', roles: ['Tenant/Resident'], customers: ['arlington'] },
  { key: 'delgado', ...named('Rosa', 'Delgado'), title: 'Parks Superintendent', phone: '(817) 555-0183', roles: ['Property Manager'], customers: ['keller'] },
  { key: 'oneal', ...named('Patrick', "O'Neal"), title: 'Board Member', phone: '(817) 555-0184', roles: ['Board Member'], customers: ['trinity', 'heritage'] },
];

const WEEKDAY_PATTERNS = [['mon', 'thu'], ['tue', 'fri'], ['wed'], ['mon', 'wed', 'fri'], ['thu']] as const;

/** Derived, still deterministic: service days, contract dates. */
export function serviceDaysOf(index: number): string[] {
  return [...WEEKDAY_PATTERNS[index % WEEKDAY_PATTERNS.length]!];
}

/** Active customers have a running contract, inactive ones an ended one, prospects none. */
export function contractOf(index: number, status: CustomerStatus): { contractStart: string | null; contractEnd: string | null } {
  const month = String((index % 12) + 1).padStart(2, '0');
  if (status === 'active') return { contractStart: `${2024 + (index % 2)}-${month}-01`, contractEnd: `${2027 + (index % 2)}-${month}-01` };
  if (status === 'inactive') return { contractStart: `2022-${month}-01`, contractEnd: `2025-${month}-01` };
  return { contractStart: null, contractEnd: null };
}

/** Registration codes of the demo (stored without the dash): residents type e.g. `WHRG-2468`. */
export const DEMO_REGISTRATION_CODES: Record<string, string> = { whitlock: 'WHRG2468', brookstone: 'BRKS3579' };
