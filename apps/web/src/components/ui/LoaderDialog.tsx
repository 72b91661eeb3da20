import { Group, Loader, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LOADER_DIALOG_DEFAULT_WIDTH } from '@grove/shared';

export interface LoaderDialogProps {
  opened: boolean;
  /** Defaults to "Loading…" in the user's language. */
  message?: string;
  /** Minimum width in px (spec §9 default 100); the dialog grows with its message. */
  width?: number;
}

/** A blocking "please wait" dialog for work the user must not interrupt (saving, uploading). */
export function LoaderDialog({ opened, message, width = LOADER_DIALOG_DEFAULT_WIDTH }: LoaderDialogProps) {
  const { t } = useTranslation('layout');
  const text = message ?? t('loader.loading');
  return (
    <Modal
      opened={opened}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      size="auto"
      padding="lg"
      styles={{ content: { minWidth: width } }}
    >
      <Group gap="sm" wrap="nowrap" role="status" aria-live="polite" data-testid="loader-dialog">
        <Loader size="sm" />
        <Text size="sm" fw={500}>
          {text}
        </Text>
      </Group>
    </Modal>
  );
}
