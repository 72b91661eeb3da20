import { Group, Stack, Text } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import type { ProposalDetail } from '@grove/shared';
import { DownloadButton } from '../../../components/preview';
import { formatBytes } from '../../../components/upload/upload-messages';

/** A proposal's attached files, each with its download (the server decides who may read them). */
export function AttachmentList({ attachments }: { attachments: ProposalDetail['attachments'] }) {
  return (
    <Stack gap={4} data-testid="proposal-attachments">
      {attachments.map((file) => (
        <Group key={file.id} gap="xs" wrap="nowrap" justify="space-between" data-testid="proposal-attachment">
          <Group gap={6} wrap="nowrap" miw={0}>
            <IconPaperclip size={16} aria-hidden style={{ flexShrink: 0 }} />
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {file.name}
            </Text>
            <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
              {formatBytes(file.sizeBytes)}
            </Text>
          </Group>
          <DownloadButton file={{ id: file.id, name: file.name }} variant="subtle" />
        </Group>
      ))}
    </Stack>
  );
}
