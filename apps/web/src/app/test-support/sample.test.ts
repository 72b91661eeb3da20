import { describe, expect, it } from 'vitest';
import { customerDetailResponseSchema, employeeSchema, notificationSchema, serviceRequestDetailSchema } from '@grove/shared';
import { sample } from './sample';

describe('sample (valid fake answers of the contract)', () => {
  it('builds a value each schema accepts, with the given fields', () => {
    const employee = sample(employeeSchema, { firstName: 'Mia', lastName: 'Moss' });
    expect(employeeSchema.safeParse(employee).success).toBe(true);
    expect(employee).toMatchObject({ firstName: 'Mia', lastName: 'Moss' });
    for (const schema of [customerDetailResponseSchema, notificationSchema, serviceRequestDetailSchema]) {
      expect(schema.safeParse(sample(schema)).success).toBe(true);
    }
  });

  it('refuses overrides that break the schema', () => {
    expect(() => sample(notificationSchema, { id: 'not-a-uuid' })).toThrow(/not a valid answer/);
  });
});
