import { useRef, useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Switch, Textarea } from '@mantine/core';
import { IconLock, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MESSAGE_LIMITS, messageReplyCreateSchema, type MessageThreadDetail } from '@grove/shared';
import { ApiError } from '../../../app/api-client';
import { fieldError, validate } from '../../../app/validation';
import { useReply } from '../api/messages-api';
import { AttachmentPicker, sendErrorText, uploadsPending } from './attachments-form';

/** The answer box under a conversation; staff may switch it to an internal note. */
export function Composer({ thread }: { thread: MessageThreadDetail }) {
  const { t } = useTranslation('messages');
  const reply = useReply(thread.id);
  const [text, setText] = useState('');
  const [internal, setInternal] = useState(false);
  const [fileIds, setFileIds] = useState<string[]>([]);
  const [round, setRound] = useState(0);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const canReply = thread.allowedActions.includes('reply');
  const canNote = thread.allowedActions.includes('internalNote');
  if (!canReply && !canNote) return null;
  const isInternal = canNote && (internal || !canReply);

  const submit = async () => {
    setFailure(null);
    if (uploadsPending(formRef.current)) {
      setFailure(t('compose.uploading'));
      return;
    }
    const checked = validate(messageReplyCreateSchema, { text, internal: isInternal, fileIds }, t);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    try {
      await reply.mutateAsync(checked.data);
      setText('');
      setInternal(false);
      setFileIds([]);
      setRound((n) => n + 1);
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.errors);
      setFailure(sendErrorText(error, t));
    }
  };

  return (
    <Paper
      component="form"
      ref={formRef}
      withBorder
      radius="md"
      p="sm"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      style={isInternal ? { borderColor: 'var(--mantine-color-yellow-6)', background: 'var(--mantine-color-yellow-light)' } : undefined}
      data-testid="composer"
      data-internal={isInternal}
    >
      <Stack gap="sm">
        <Textarea
          label={isInternal ? t('compose.noteLabel') : t('compose.replyLabel')}
          description={isInternal ? t('compose.noteHint') : undefined}
          placeholder={isInternal ? t('compose.notePlaceholder') : t('compose.replyPlaceholder')}
          autosize
          minRows={3}
          maxRows={14}
          maxLength={MESSAGE_LIMITS.text}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={(event) => {
            // Ctrl/⌘+Enter sends, as in mail programs.
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
              event.preventDefault();
              void submit();
            }
          }}
          error={fieldError(errors, 'text')}
          data-testid="reply-text"
        />
        <AttachmentPicker key={round} round={round} customerId={thread.customerId} onChange={setFileIds} />
        {fieldError(errors, 'fileIds') && (
          <Alert color="red" variant="light">
            {fieldError(errors, 'fileIds')}
          </Alert>
        )}
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="space-between" gap="sm" wrap="wrap">
          {canNote && canReply ? (
            <Switch
              checked={internal}
              onChange={(event) => setInternal(event.currentTarget.checked)}
              label={t('compose.internalToggle')}
              color="yellow"
              data-testid="internal-toggle"
            />
          ) : (
            <span />
          )}
          <Button
            type="submit"
            loading={reply.isPending}
            color={isInternal ? 'yellow' : undefined}
            c={isInternal ? 'dark.8' : undefined}
            leftSection={isInternal ? <IconLock size={16} aria-hidden /> : <IconSend size={16} aria-hidden />}
            data-testid="send-reply"
          >
            {isInternal ? t('compose.sendNote') : t('compose.send')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
