import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconCamera, IconFile, IconPhoto, IconRefresh, IconTrash, IconUpload, IconX } from '@tabler/icons-react';
import { maxBytesFor, type FileKind, type UploadedFile } from '@grove/shared';
import { formatNumber } from '../../app/format';
import classes from './FileUpload.module.css';
import { acceptAttribute } from './upload-precheck';
import { formatBytes, problemText } from './upload-messages';
import { useUploadQueue, type UploadItem } from './useUploadQueue';

export interface FileUploadProps {
  /** `photo`: /api/Files/uploadPhoto, with a camera button; `file`: /api/Files/uploadFile. */
  kind: FileKind;
  /** The customer the uploads are for; the server checks it is in the user's scope. */
  customerId?: string;
  /** Every successfully uploaded file still in the list, in order; called whenever that changes. */
  onChange: (uploaded: UploadedFile[]) => void;
  /** Several files at once (default) or one. */
  multiple?: boolean;
  disabled?: boolean;
}

/**
 * Upload widget: drag and drop, a file picker, camera capture on phones (photos), several files at
 * once, a progress bar per file, cancel, retry, and previews for photos. Uploads start at once;
 * the parent receives the uploaded files' ids to attach them when its form is saved.
 */
export function FileUpload({ kind, customerId, onChange, multiple = true, disabled = false }: FileUploadProps) {
  const { t } = useTranslation('upload');
  const { items, add, cancel, retry, remove } = useUploadQueue(kind, customerId);
  const [dragging, setDragging] = useState(false);
  const pickerRef = useRef<HTMLInputElement>(null);
  const cameraRef = useRef<HTMLInputElement>(null);
  const hintId = useId();

  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);
  const reported = useRef('');
  useEffect(() => {
    const uploaded = items.flatMap((item) => (item.status === 'done' && item.result ? [item.result] : []));
    const signature = uploaded.map((file) => file.id).join(',');
    if (signature === reported.current) return;
    reported.current = signature;
    onChangeRef.current(uploaded);
  }, [items]);

  const take = (files: FileList | null) => {
    if (!files || disabled) return;
    add(multiple ? Array.from(files) : Array.from(files).slice(0, 1));
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    take(event.dataTransfer.files);
  };

  const types = kind === 'photo' ? t('types.photo') : t('types.file');

  return (
    <Stack gap="sm">
      <div
        className={classes.dropzone}
        data-active={dragging}
        role="group"
        aria-label={t('dropzone.label')}
        aria-describedby={hintId}
        onDragEnter={(event) => {
          event.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragOver={(event) => {
          event.preventDefault();
          event.dataTransfer.dropEffect = disabled ? 'none' : 'copy';
        }}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={onDrop}
      >
        <Stack gap="xs" align="center">
          <Group gap="xs" justify="center">
            {kind === 'photo' ? <IconPhoto aria-hidden size={22} /> : <IconUpload aria-hidden size={22} />}
            <Text fw={500}>{dragging ? t('dropzone.active') : kind === 'photo' ? t('dropzone.photos') : t('dropzone.files')}</Text>
          </Group>
          <Text id={hintId} size="sm" c="dimmed" ta="center">
            {t('dropzone.hint', { types, max: formatBytes(maxBytesFor(kind)) })}
          </Text>
          <Group gap="xs" justify="center">
            <Button leftSection={<IconUpload size={16} aria-hidden />} onClick={() => pickerRef.current?.click()} disabled={disabled}>
              {kind === 'photo' ? t('actions.choosePhotos') : t('actions.chooseFiles')}
            </Button>
            {kind === 'photo' && (
              <Button variant="light" leftSection={<IconCamera size={16} aria-hidden />} onClick={() => cameraRef.current?.click()} disabled={disabled}>
                {t('actions.camera')}
              </Button>
            )}
          </Group>
        </Stack>
        <input
          ref={pickerRef}
          className={classes.hiddenInput}
          type="file"
          multiple={multiple}
          accept={acceptAttribute(kind)}
          aria-label={kind === 'photo' ? t('actions.choosePhotos') : t('actions.chooseFiles')}
          data-testid="upload-picker"
          onChange={(event) => {
            take(event.currentTarget.files);
            event.currentTarget.value = '';
          }}
        />
        {kind === 'photo' && (
          <input
            ref={cameraRef}
            className={classes.hiddenInput}
            type="file"
            accept="image/*"
            capture="environment"
            aria-label={t('actions.camera')}
            data-testid="upload-camera"
            onChange={(event) => {
              take(event.currentTarget.files);
              event.currentTarget.value = '';
            }}
          />
        )}
      </div>

      {items.length > 0 && (
        <ul className={classes.list} aria-label={t('list.label')}>
          {items.map((item) => (
            <UploadRow key={item.key} item={item} kind={kind} onCancel={cancel} onRetry={retry} onRemove={remove} />
          ))}
        </ul>
      )}
    </Stack>
  );
}

interface UploadRowProps {
  item: UploadItem;
  kind: FileKind;
  onCancel: (key: string) => void;
  onRetry: (key: string) => void;
  onRemove: (key: string) => void;
}

function UploadRow({ item, kind, onCancel, onRetry, onRemove }: UploadRowProps) {
  const { t } = useTranslation('upload');
  const name = item.file.name;
  const percent = Math.round(item.progress * 100);
  const active = item.status === 'uploading' || item.status === 'queued';
  const statusText =
    item.status === 'uploading'
      ? t('status.uploading', { percent: formatNumber(item.progress, { style: 'percent', maximumFractionDigits: 0 }) })
      : t(`status.${item.status}`);

  return (
    <li className={classes.item} data-status={item.status}>
      {item.previewUrl ? (
        <img className={classes.preview} src={item.previewUrl} alt={t('list.preview', { name })} />
      ) : (
        <span className={classes.preview} aria-hidden>
          {kind === 'photo' ? <IconPhoto size={22} /> : <IconFile size={22} />}
        </span>
      )}
      <div className={classes.details}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="sm" fw={500} truncate title={name}>
            {name}
          </Text>
          <Text size="xs" c="dimmed" style={{ flex: 'none' }}>
            {formatBytes(item.file.size)}
          </Text>
        </Group>
        {(item.status === 'uploading' || item.status === 'queued' || item.status === 'done') && (
          <Progress
            value={percent}
            size="sm"
            mt={4}
            color={item.status === 'done' ? 'teal' : undefined}
            animated={item.status === 'uploading' && percent < 100}
            aria-label={t('list.progress', { name })}
          />
        )}
        <Text size="xs" mt={2} c={item.problem ? 'red' : 'dimmed'} role={item.problem ? 'alert' : undefined} aria-live="polite">
          {item.problem ? problemText(t, kind, item.problem) : statusText}
        </Text>
      </div>
      <Group gap={4} wrap="nowrap" className={classes.actions}>
        {active && (
          <Button size="compact-xs" variant="subtle" color="gray" leftSection={<IconX size={14} aria-hidden />} onClick={() => onCancel(item.key)} aria-label={t('actions.cancelNamed', { name })}>
            {t('actions.cancel')}
          </Button>
        )}
        {(item.status === 'failed' || item.status === 'cancelled') && (
          <Button size="compact-xs" variant="light" leftSection={<IconRefresh size={14} aria-hidden />} onClick={() => onRetry(item.key)} aria-label={t('actions.retryNamed', { name })}>
            {t('actions.retry')}
          </Button>
        )}
        {!active && (
          <Button size="compact-xs" variant="subtle" color="gray" leftSection={<IconTrash size={14} aria-hidden />} onClick={() => onRemove(item.key)} aria-label={t('actions.removeNamed', { name })}>
            {t('actions.remove')}
          </Button>
        )}
      </Group>
    </li>
  );
}
