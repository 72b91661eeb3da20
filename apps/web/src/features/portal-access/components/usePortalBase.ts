import { useLocation, useParams } from 'react-router';

/**
 * The portal-access screens exist twice: for staff under `/customers/{id}` and for customer-side
 * managers under `/customerView/{id}`. This tells them apart and builds their links.
 */
export function usePortalBase() {
  const { customerId = '', userId } = useParams();
  const { pathname } = useLocation();
  const staffSide = !pathname.startsWith('/customerView/');
  const base = `${staffSide ? '/customers' : '/customerView'}/${encodeURIComponent(customerId)}`;
  const list = `${base}/manage-portal-access`;
  return {
    customerId,
    userId,
    staffSide,
    base,
    list,
    newUser: `${list}/newUser`,
    editUser: (id: string) => `${list}/${encodeURIComponent(id)}/editUser`,
    addMember: `${list}/addYnMember`,
  };
}
