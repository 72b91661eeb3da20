import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface ConfirmOptions {
  title?: ReactNode;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Destructive actions get a red confirm button (default true: that is what this dialog is for). */
  destructive?: boolean;
}

type Confirm = (options: ConfirmOptions) => Promise<boolean>;

const ConfirmContext = createContext<Confirm | null>(null);

interface Pending {
  options: ConfirmOptions;
  resolve: (confirmed: boolean) => void;
}

/** Hosts the confirmation dialog for `useConfirm()`; AppLayout mounts one. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation('layout');
  const [pending, setPending] = useState<Pending | null>(null);
  const [opened, setOpened] = useState(false);
  const current = useRef<Pending | null>(null);

  const settle = useCallback((confirmed: boolean) => {
    current.current?.resolve(confirmed);
    current.current = null;
    setOpened(false);
  }, []);

  const confirm = useCallback<Confirm>((options) => {
    // A second request while one is open answers the first with "no".
    current.current?.resolve(false);
    return new Promise<boolean>((resolve) => {
      const next = { options, resolve };
      current.current = next;
      setPending(next);
      setOpened(true);
    });
  }, []);

  const options = pending?.options;
  const destructive = options?.destructive ?? true;
  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      <Modal
        opened={opened}
        onClose={() => settle(false)}
        onExitTransitionEnd={() => setPending(null)}
        title={options?.title ?? t('confirm.title')}
        centered
        size="sm"
        closeButtonProps={{ 'aria-label': t('confirm.close') }}
      >
        <Text size="sm" mb="lg" data-testid="confirm-message">
          {options?.message}
        </Text>
        <Group justify="flex-end" gap="sm">
          {/* Focus starts on Cancel, so a stray Enter does not destroy anything. */}
          <Button variant="default" onClick={() => settle(false)} data-autofocus>
            {options?.cancelLabel ?? t('confirm.cancel')}
          </Button>
          <Button color={destructive ? 'red' : undefined} onClick={() => settle(true)}>
            {options?.confirmLabel ?? (destructive ? t('confirm.delete') : t('confirm.confirm'))}
          </Button>
        </Group>
      </Modal>
    </ConfirmContext.Provider>
  );
}

/**
 * Asks before a destructive action:
 *   const confirm = useConfirm();
 *   if (await confirm({ message: t('deleteQuestion') })) remove();
 */
export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm needs a <ConfirmProvider> (AppLayout provides one)');
  return confirm;
}
