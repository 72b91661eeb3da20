import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { Button } from '@mantine/core';
import { IconChevronDown, IconTool } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export const propertyPath = (id: string) => `/customerView/${encodeURIComponent(id)}`;
export const newRequestPath = (id: string) => `${propertyPath(id)}/requests/new`;

type ReportProblemButtonProps = Omit<ComponentPropsWithoutRef<'button'>, 'color' | 'style'>;

/** The customer dashboard's "report a problem" button when there is a choice of properties. */
export const ReportProblemButton = forwardRef<HTMLButtonElement, ReportProblemButtonProps>(function ReportProblemButton(props, ref) {
  const { t } = useTranslation('customers');
  return (
    <Button
      ref={ref}
      size="md"
      leftSection={<IconTool size={18} aria-hidden />}
      rightSection={<IconChevronDown size={16} aria-hidden />}
      data-testid="report-problem"
      {...props}
    >
      {t('dashboard.reportProblem')}
    </Button>
  );
});
