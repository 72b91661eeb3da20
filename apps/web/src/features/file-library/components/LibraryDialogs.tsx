import { useMemo, useState } from 'react';
import { Alert, Button, Checkbox, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { STAFF_ROLES, type FolderTreeItem, type StaffRole } from '@grove/shared';
import { FormErrorAlert } from '../../../components/forms/FormErrorAlert';
import { useForm } from '../../../components/forms/useForm';
import { useFolderTree } from '../api/library-api';

interface NameDialogProps<S extends z.ZodType> {
  opened: boolean;
  title: string;
  label: string;
  submitLabel: string;
  initial: string;
  maxLength: number;
  schema: S;
  /** Builds the request body from the typed name. */
  payload: (name: string) => unknown;
  send: (body: z.infer<S>) => Promise<unknown>;
  onClose: () => void;
  onDone: () => void;
}

/** Names a new folder, or renames a folder or a file. */
export function NameDialog<S extends z.ZodType>(props: NameDialogProps<S>) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title} centered>
      {props.opened && <NameForm {...props} />}
    </Modal>
  );
}

function NameForm<S extends z.ZodType>({ label, submitLabel, initial, maxLength, schema, payload, send, onClose, onDone }: NameDialogProps<S>) {
  const { t } = useTranslation('fileLibrary');
  const form = useForm({ name: initial });
  const save = async () => {
    const result = await form.submit({ schema, payload: payload(form.values.name), send: async (body) => (await send(body)) ?? true });
    if (result) onDone();
  };
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Stack gap="md">
        <FormErrorAlert message={form.formError} />
        <TextInput label={label} required data-autofocus maxLength={maxLength} value={form.values.name} onChange={(e) => form.set('name', e.currentTarget.value)} error={form.error('name')} data-testid="name-input" />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={form.submitting} data-testid="name-save">
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

const TOP = '__top__';

interface MoveDialogProps {
  opened: boolean;
  title: string;
  /** The folder being moved (it and its subfolders cannot be the target), or null for a file. */
  movingFolderId: string | null;
  /** Where the item is now (not offered). */
  currentParentId: string | null;
  /** A folder may go to the top level; a file needs a folder. */
  allowTop: boolean;
  onClose: () => void;
  onMove: (target: string | null) => Promise<void>;
}

/** Which folders an item may move into: those the caller may add to, never into itself. */
export function moveTargets(tree: readonly FolderTreeItem[], movingFolderId: string | null, currentParentId: string | null): FolderTreeItem[] {
  const excluded = new Set<string>();
  if (movingFolderId) {
    excluded.add(movingFolderId);
    // The tree comes parents first, so one pass finds every descendant.
    for (const item of tree) if (item.parentId && excluded.has(item.parentId)) excluded.add(item.id);
  }
  return tree.filter((item) => item.canAdd && !excluded.has(item.id) && item.id !== currentParentId);
}

/** The folder picker for moving a folder or a file. */
export function MoveDialog({ opened, title, movingFolderId, currentParentId, allowTop, onClose, onMove }: MoveDialogProps) {
  const { t } = useTranslation('fileLibrary');
  const tree = useFolderTree(opened);
  const [target, setTarget] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const options = useMemo(() => {
    const folders = moveTargets(tree.data?.data ?? [], movingFolderId, currentParentId).map((item) => ({ value: item.id, label: item.pathNames.join(' / ') }));
    return allowTop && currentParentId !== null ? [{ value: TOP, label: t('move.top') }, ...folders] : folders;
  }, [tree.data, movingFolderId, currentParentId, allowTop, t]);

  const submit = async () => {
    if (!target) return;
    setSaving(true);
    try {
      await onMove(target === TOP ? null : target);
      setTarget(null);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Stack gap="md">
        <Select
          label={t('move.target')}
          placeholder={tree.isPending ? t('move.loading') : t('move.placeholder')}
          data={options}
          value={target}
          onChange={setTarget}
          searchable
          nothingFoundMessage={t('move.none')}
          disabled={tree.isPending}
          error={tree.error ? t('move.loadFailed') : undefined}
          comboboxProps={{ withinPortal: true }}
          data-testid="move-target"
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button onClick={() => void submit()} disabled={!target} loading={saving} data-testid="move-save">
            {t('move.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

interface RolesDialogProps {
  opened: boolean;
  folderName: string;
  allowedRoles: readonly StaffRole[];
  inheritedRoles: readonly StaffRole[];
  onClose: () => void;
  onSave: (roles: StaffRole[]) => Promise<void>;
}

/** Which staff roles see a folder (none ticked: every staff role that sees the folder above). */
export function RolesDialog({ opened, folderName, allowedRoles, inheritedRoles, onClose, onSave }: RolesDialogProps) {
  const { t } = useTranslation('fileLibrary');
  return (
    <Modal opened={opened} onClose={onClose} title={t('roles.title', { name: folderName })} centered size="lg">
      {opened && <RolesForm allowedRoles={allowedRoles} inheritedRoles={inheritedRoles} onClose={onClose} onSave={onSave} />}
    </Modal>
  );
}

function RolesForm({ allowedRoles, inheritedRoles, onClose, onSave }: Omit<RolesDialogProps, 'opened' | 'folderName'>) {
  const { t } = useTranslation('fileLibrary');
  const [roles, setRoles] = useState<string[]>([...allowedRoles]);
  const [saving, setSaving] = useState(false);
  const offered = inheritedRoles.length ? STAFF_ROLES.filter((role) => inheritedRoles.includes(role)) : STAFF_ROLES;
  const save = async () => {
    setSaving(true);
    try {
      await onSave(STAFF_ROLES.filter((role) => roles.includes(role)));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Stack gap="md">
      <Text size="sm">{t('roles.hint')}</Text>
      {inheritedRoles.length > 0 && (
        <Alert variant="light" color="yellow" icon={<IconInfoCircle size={18} aria-hidden />}>
          {t('roles.inherited', { roles: inheritedRoles.map((role) => t(`roles:role.${role}`)).join(', ') })}
        </Alert>
      )}
      <Checkbox.Group label={t('roles.label')} value={roles} onChange={setRoles} data-testid="role-picker">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" mt="xs">
          {offered.map((role) => (
            <Checkbox key={role} value={role} label={t(`roles:role.${role}`)} />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
      <Text size="sm" c="dimmed" aria-live="polite">
        {roles.length === 0 ? t('roles.everyone') : t('roles.only', { count: roles.length })}
      </Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          {t('actions.cancel')}
        </Button>
        <Button onClick={() => void save()} loading={saving} data-testid="roles-save">
          {t('roles.save')}
        </Button>
      </Group>
    </Stack>
  );
}
