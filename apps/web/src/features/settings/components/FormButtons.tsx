import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function FormButtons({ submitting, onCancel }: { submitting: boolean; onCancel: () => void }) {
  const { t } = useTranslation('settings');
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onCancel} disabled={submitting}>
        {t('form.cancel')}
      </Button>
      <Button type="submit" loading={submitting}>
        {t('form.save')}
      </Button>
    </Group>
  );
}
