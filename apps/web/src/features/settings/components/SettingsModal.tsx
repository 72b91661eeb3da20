import type { ReactNode } from 'react';
import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';

/** The dialog every settings form opens in: full screen on phones. */
export function SettingsModal({ opened, title, onClose, children }: { opened: boolean; title: string; onClose: () => void; children: ReactNode }) {
  const { t } = useTranslation('settings');
  const phone = useMediaQuery('(max-width: 48em)');
  return (
    <Modal opened={opened} onClose={onClose} title={title} fullScreen={phone} closeButtonProps={{ 'aria-label': t('form.close') }}>
      {opened && children}
    </Modal>
  );
}
