import { useCustomerTeam } from '../../../entities/customers';
import { useStaffPicker } from '../../../entities/employees';

export interface AssigneeOption {
  value: string;
  label: string;
}

/**
 * Assignee choices as Select props: a customer's list offers its team (a handful); the global
 * list searches every staff member on the server as the user types (no cut at one page).
 */
export function useAssigneePicker(customerId: string | undefined, selectedId: string | null) {
  const team = useCustomerTeam(customerId);
  const staff = useStaffPicker({ selectedId, enabled: !customerId });
  if (customerId) {
    return { data: (team.data ?? []).map((member): AssigneeOption => ({ value: member.userId, label: member.name })), searchable: true };
  }
  return staff.select;
}
