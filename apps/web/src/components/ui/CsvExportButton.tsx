import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { toastError } from './toasts';

export interface CsvExportButtonProps {
  /** Fetches the CSV of the current filter and saves it (see `downloadBlob`). */
  onExport: () => Promise<void>;
  disabled?: boolean;
}

export function CsvExportButton({ onExport, disabled }: CsvExportButtonProps) {
  const { t } = useTranslation('layout');
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await onExport();
    } catch {
      toastError(t('list.exportFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} aria-hidden />}
      loading={busy}
      disabled={disabled}
      onClick={() => void run()}
    >
      {t('list.exportCsv')}
    </Button>
  );
}

/** Saves a blob under a file name through a temporary link. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
