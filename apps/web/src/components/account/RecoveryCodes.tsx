import { Alert, Button, CopyButton, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy, IconDownload, IconKey } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Recovery codes, shown once right after they are made: copy or save them, each works once. */
export function RecoveryCodes({ codes, onDone, doneLabel }: { codes: string[]; onDone: () => void; doneLabel: string }) {
  const { t } = useTranslation('account');
  const text = codes.join('\n');
  const download = () => {
    const url = URL.createObjectURL(new Blob([`${t('recovery.fileHeading')}\n\n${text}\n`], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'grove-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Stack gap="md" data-testid="recovery-codes">
      <Alert color="orange" icon={<IconKey size={18} />} title={t('recovery.title')}>
        {t('recovery.explain')}
      </Alert>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {codes.map((code) => (
          <Text component="li" key={code} ff="monospace" fz="md" ta="center" p={6} bd="1px solid var(--mantine-color-default-border)" style={{ borderRadius: 6 }}>
            {code}
          </Text>
        ))}
      </SimpleGrid>
      <Group justify="space-between" wrap="wrap">
        <Group gap="xs">
          <CopyButton value={text}>
            {({ copied, copy }) => (
              <Button variant="default" leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />} onClick={copy}>
                {copied ? t('recovery.copied') : t('recovery.copy')}
              </Button>
            )}
          </CopyButton>
          <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} onClick={download}>
            {t('recovery.download')}
          </Button>
        </Group>
        <Button onClick={onDone}>{doneLabel}</Button>
      </Group>
    </Stack>
  );
}
