import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/** The server's message of a failed save (its field errors show next to the fields). */
export function FormErrorAlert({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} role="alert" data-testid="form-error">
      {message}
    </Alert>
  );
}
