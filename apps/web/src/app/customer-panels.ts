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
