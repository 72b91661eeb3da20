import { useRef, useState } from 'react';
import { Alert, Button, Collapse, Group, Paper, Stack, Switch, Textarea } from '@mantine/core';
import { IconLock, IconPhotoPlus, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SERVICE_REQUEST_LIMITS, commentCreateSchema, type ServiceRequestDetail, type UploadedFile } from '@grove/shared';
import { ApiError } from '../../../app/api-client';
import { fieldError, validate } from '../../../app/validation';
import { useOnline } from '../../../app/offline/online';
import type { LocalPhoto } from '../../../app/offline/outbox';
import { OfflinePhotoPicker } from '../../../components/offline/OfflinePhotoPicker';
import { toastInfo, toastSuccess } from '../../../components/ui/toasts';
import { FileUpload } from '../../../components/upload';
import { offlinePhotoRefs, useRequestStep } from '../api/requests-api';
import { actionErrorText } from './error-text';
import { uploadsPending } from './uploads-pending';
import type { Audience } from './Timeline';

/** Comment (with photos) under the timeline; staff may make it an internal note instead. */
export function CommentBox({ request, audience }: { request: ServiceRequestDetail; audience: Audience }) {
  const { t } = useTranslation('requests');
  const step = useRequestStep(request.id, request);
  const online = useOnline();
  const [localPhotos, setLocalPhotos] = useState<LocalPhoto[]>([]);
  const [text, setText] = useState('');
  const [internal, setInternal] = useState(false);
  const [photos, setPhotos] = useState<UploadedFile[]>([]);
  const [showPhotos, setShowPhotos] = useState(false);
  // A new key gives a fresh upload widget after each comment.
  const [round, setRound] = useState(0);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const canComment = request.allowedActions.includes('comment');
  const canNote = audience === 'staff' && request.allowedActions.includes('internalNote');
  if (!canComment && !canNote) return null;
  const isInternal = canNote && (internal || !canComment);
  const large = audience === 'customer';

  const submit = async () => {
    setFailure(null);
    if (uploadsPending(formRef.current)) {
      setFailure(t('form.uploading'));
      return;
    }
    const body = { text, internal: isInternal, photoIds: [...photos.map((photo) => photo.id), ...offlinePhotoRefs(localPhotos.length)] };
    // Placeholders of photos still on the device are not ids yet: check the rest.
    const checked = validate(commentCreateSchema, { ...body, photoIds: photos.map((photo) => photo.id) }, t);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    try {
      const outcome = await step.mutateAsync({ action: 'comments', body: { ...checked.data, photoIds: body.photoIds }, localPhotos });
      setText('');
      setInternal(false);
      setPhotos([]);
      setLocalPhotos([]);
      setShowPhotos(false);
      setRound((n) => n + 1);
      if (outcome.queued) toastInfo(t('offline:toast.queued'));
      else toastSuccess(isInternal ? t('comment.noteAdded') : t('comment.added'));
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.errors);
      setFailure(actionErrorText(error, t));
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
      style={isInternal ? { borderColor: 'var(--mantine-color-yellow-6)', background: 'light-dark(var(--mantine-color-yellow-0), rgba(250,176,5,0.1))' } : undefined}
      data-testid="comment-box"
      data-internal={isInternal}
    >
      <Stack gap="sm">
        <Textarea
          label={isInternal ? t('comment.noteLabel') : t('comment.label')}
          description={isInternal ? t('comment.noteHint') : audience === 'customer' ? t('comment.customerHint') : t('comment.staffHint')}
          placeholder={isInternal ? t('comment.notePlaceholder') : t('comment.placeholder')}
          autosize
          minRows={large ? 3 : 2}
          maxRows={12}
          size={large ? 'md' : 'sm'}
          maxLength={SERVICE_REQUEST_LIMITS.comment}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          error={fieldError(errors, 'text')}
        />
        <Collapse expanded={showPhotos}>
          {online && localPhotos.length === 0 ? (
            <FileUpload key={round} kind="photo" customerId={request.customerId} onChange={setPhotos} />
          ) : (
            <OfflinePhotoPicker key={round} customerId={request.customerId} max={SERVICE_REQUEST_LIMITS.attachments - photos.length} onChange={setLocalPhotos} />
          )}
        </Collapse>
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Group gap="sm" wrap="wrap">
            <Button
              variant="subtle"
              size={large ? 'md' : 'sm'}
              leftSection={<IconPhotoPlus size={18} aria-hidden />}
              onClick={() => setShowPhotos((value) => !value)}
              aria-expanded={showPhotos}
            >
              {photos.length + localPhotos.length ? t('comment.photosCount', { n: photos.length + localPhotos.length }) : t('comment.addPhotos')}
            </Button>
            {canNote && canComment && (
              <Switch
                checked={internal}
                onChange={(event) => setInternal(event.currentTarget.checked)}
                label={t('comment.internalToggle')}
                color="yellow"
                thumbIcon={internal ? <IconLock size={10} aria-hidden color="var(--mantine-color-dark-7)" /> : undefined}
                data-testid="internal-toggle"
              />
            )}
          </Group>
          <Button type="submit" size={large ? 'md' : 'sm'} loading={step.isPending} color={isInternal ? 'yellow' : undefined} c={isInternal ? 'dark.8' : undefined} leftSection={isInternal ? <IconLock size={16} aria-hidden /> : <IconSend size={16} aria-hidden />}>
            {isInternal ? t('comment.submitNote') : t('comment.submit')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
