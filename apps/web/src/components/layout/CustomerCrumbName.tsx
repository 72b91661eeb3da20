import { useEffect } from 'react';
import { useCustomerName } from '../../entities/customers';
import type { Audience } from './navigation';
import { setRecordTitle } from './record-titles';

/**
 * Names the customer's crumb after the customer on every page below it (invoices, documents,
 * settings …), so a page always says whose records it shows. Loaded only on per-customer pages.
 */
export default function CustomerCrumbName({ audience, customerId }: { audience: Audience; customerId: string }) {
  const name = useCustomerName(customerId).data;
  const path = `${audience === 'staff' ? '/customers' : '/customerView'}/${encodeURIComponent(customerId)}`;
  useEffect(() => {
    if (name) setRecordTitle(path, name);
  }, [name, path]);
  return null;
}
