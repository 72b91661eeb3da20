import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * Panels other features add to the staff customer page (issue 13: kudos show on the customer page).
 * The customers feature renders what is listed here and names no other feature; this wiring does.
 */
export interface CustomerPanel {
  key: string;
  Component: LazyExoticComponent<ComponentType<{ customerId: string }>>;
}

export const staffCustomerPanels: readonly CustomerPanel[] = [
  { key: 'kudos', Component: lazy(() => import('../features/kudos/components/CustomerKudosPanel')) },
];

/**
 * Panels other features add to the customer dashboard for the chosen property (issue 14:
 * announcements). The customers feature renders what is listed here and names no other feature.
 */
export const customerDashboardPanels: readonly CustomerPanel[] = [
  { key: 'announcements', Component: lazy(() => import('../features/content/components/CustomerAnnouncementsPanel')) },
];

/**
 * Sections other features add to a customer-side user's settings page (issue 14: password,
 * two-factor sign-in and sessions, from the settings feature).
 */
export const customerSettingsPanels: readonly { key: string; Component: LazyExoticComponent<ComponentType> }[] = [
  { key: 'security', Component: lazy(() => import('../features/settings/components/CustomerSecurityPanel')) },
];
