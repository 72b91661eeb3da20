import {
  CUSTOMER_CONTACT_FIELDS,
  type CustomerDetail,
  type CustomerEditRight,
  type CustomerStatus,
  type CustomerType,
  type CustomerUpdate,
  type SERVICE_DAYS,
} from '@grove/shared';

export type ServiceDay = (typeof SERVICE_DAYS)[number];

/** What the customer form edits: inputs hold strings (empty = not set) until sent. */
export interface CustomerFormValues {
  name: string;
  accountNumber: string;
  type: CustomerType;
  status: CustomerStatus;
  addressLine1: string;
  addressLine2: string;
  city: string;
  state: string;
  postalCode: string;
  latitude: string | number;
  longitude: string | number;
  regionId: string | null;
  branchId: string | null;
  accountManagerId: string | null;
  contractStart: string;
  contractEnd: string;
  serviceDays: ServiceDay[];
  propertySizeAcres: string | number;
  notes: string;
  photoFileId: string | null;
}

export type CustomerField = keyof CustomerFormValues;

export const EMPTY_CUSTOMER: CustomerFormValues = {
  name: '',
  accountNumber: '',
  type: 'hoa',
  status: 'active',
  addressLine1: '',
  addressLine2: '',
  city: '',
  state: '',
  postalCode: '',
  latitude: '',
  longitude: '',
  regionId: null,
  branchId: null,
  accountManagerId: null,
  contractStart: '',
  contractEnd: '',
  serviceDays: [],
  propertySizeAcres: '',
  notes: '',
  photoFileId: null,
};

export function customerToForm(customer: CustomerDetail): CustomerFormValues {
  return {
    name: customer.name,
    accountNumber: customer.accountNumber,
    type: customer.type,
    status: customer.status,
    addressLine1: customer.addressLine1,
    addressLine2: customer.addressLine2 ?? '',
    city: customer.city,
    state: customer.state,
    postalCode: customer.postalCode,
    latitude: customer.latitude ?? '',
    longitude: customer.longitude ?? '',
    regionId: customer.regionId,
    branchId: customer.branchId,
    accountManagerId: customer.accountManagerId,
    contractStart: customer.contractStart ?? '',
    contractEnd: customer.contractEnd ?? '',
    serviceDays: customer.serviceDays.filter((day): day is ServiceDay => ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].includes(day)),
    propertySizeAcres: customer.propertySizeAcres ?? '',
    notes: customer.notes ?? '',
    photoFileId: customer.photoFileId,
  };
}

const textOrNull = (value: string) => (value.trim() === '' ? null : value);
const numberOrNull = (value: string | number) => {
  if (typeof value === 'number') return value;
  if (value.trim() === '') return null;
  const parsed = Number(value.replace(',', '.'));
  return Number.isFinite(parsed) ? parsed : Number.NaN;
};

/** The API body of every field (empty inputs become null). */
export function formToPayload(values: CustomerFormValues) {
  return {
    name: values.name,
    accountNumber: values.accountNumber,
    type: values.type,
    status: values.status,
    addressLine1: values.addressLine1,
    addressLine2: textOrNull(values.addressLine2),
    city: values.city,
    state: values.state,
    postalCode: values.postalCode,
    latitude: numberOrNull(values.latitude),
    longitude: numberOrNull(values.longitude),
    regionId: values.regionId,
    branchId: values.branchId,
    accountManagerId: values.accountManagerId,
    contractStart: textOrNull(values.contractStart),
    contractEnd: textOrNull(values.contractEnd),
    serviceDays: values.serviceDays,
    propertySizeAcres: numberOrNull(values.propertySizeAcres),
    notes: textOrNull(values.notes),
    photoFileId: values.photoFileId,
  };
}

const CONTACT: ReadonlySet<string> = new Set(CUSTOMER_CONTACT_FIELDS);

/** Whether a field can be changed with this right (account managers: contact details only). */
export function canEditField(right: CustomerEditRight, field: CustomerField): boolean {
  return right === 'all' || (right === 'contact' && CONTACT.has(field));
}

/**
 * The update to send: only changed fields the user may edit. The map pin travels as a pair, so a
 * changed latitude brings its longitude along (the server checks them together).
 */
export function changedFields(values: CustomerFormValues, baseline: CustomerFormValues, right: CustomerEditRight): CustomerUpdate {
  const next = formToPayload(values);
  const before = formToPayload(baseline);
  const update: Record<string, unknown> = {};
  for (const key of Object.keys(next) as (keyof typeof next)[]) {
    if (!canEditField(right, key)) continue;
    if (JSON.stringify(next[key]) !== JSON.stringify(before[key])) update[key] = next[key];
  }
  if ('latitude' in update || 'longitude' in update) {
    update.latitude = next.latitude;
    update.longitude = next.longitude;
  }
  return update;
}
