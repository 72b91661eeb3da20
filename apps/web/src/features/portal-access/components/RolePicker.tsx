import { Checkbox, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CUSTOMER_ROLES, type CustomerRole } from '@grove/shared';

/**
 * The roles a portal user can be given at a customer: customer-side roles only. Staff roles are
 * never offered here, whoever is signed in (the server refuses them too).
 */
export const PORTAL_ROLE_OPTIONS: readonly CustomerRole[] = CUSTOMER_ROLES;

interface RolePickerProps {
  value: CustomerRole[];
  onChange: (roles: CustomerRole[]) => void;
  error?: string;
  disabled?: boolean;
  /** Roles the signed-in manager may not give (a Board Member: Property Manager). */
  locked?: readonly CustomerRole[];
}

export function RolePicker({ value, onChange, error, disabled, locked = [] }: RolePickerProps) {
  const { t } = useTranslation('portalAccess');
  return (
    <Checkbox.Group
      label={t('form.roles')}
      description={t('form.rolesHint')}
      value={value}
      onChange={(roles) => onChange(PORTAL_ROLE_OPTIONS.filter((role) => roles.includes(role)))}
      error={error}
      withAsterisk
      data-testid="role-picker"
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" mt="xs">
        {PORTAL_ROLE_OPTIONS.map((role) => (
          <Checkbox
            key={role}
            value={role}
            disabled={disabled || (locked.includes(role) && !value.includes(role))}
            label={
              <>
                {t(`roles:role.${role}`)}
                <Text span size="xs" c="dimmed" display="block">
                  {t(`roleHelp.${role}`)}
                </Text>
              </>
            }
          />
        ))}
      </SimpleGrid>
    </Checkbox.Group>
  );
}
