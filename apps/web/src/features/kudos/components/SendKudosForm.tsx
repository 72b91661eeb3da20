import { useRef, useState } from 'react';
import { Alert, Avatar, Button, Group, Paper, Radio, SimpleGrid, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconCircleCheck, IconHeart, IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { KUDOS_CATEGORIES, KUDOS_LIMITS, kudosCreateSchema, type Kudos, type KudosCategory, type UploadedFile } from '@grove/shared';
import { ApiError } from '../../../app/api-client';
import { fieldError, validate } from '../../../app/validation';
import { useAuthedFileUrl } from '../../../components/forms/useAuthedFileUrl';
import { ErrorState } from '../../../components/ui/ErrorState';
import { FileUpload } from '../../../components/upload';
import { useKudosRecipients, useSendKudos } from '../api/kudos-api';
import { CATEGORY_ICONS } from './categories';
import classes from './Kudos.module.css';

const CREW = 'crew';

function PersonAvatar({ name, photoFileId }: { name: string; photoFileId: string | null }) {
  const photo = useAuthedFileUrl(photoFileId);
  return <Avatar src={photo} name={name} color="initials" radius="xl" size={44} alt="" />;
}

/** Thank a team member or the whole crew: who, what for, a few words and a photo. */
export function SendKudosForm({ customerId }: { customerId: string }) {
  const { t } = useTranslation('kudos');
  const recipients = useKudosRecipients(customerId);
  const send = useSendKudos();
  const [who, setWho] = useState<string>('');
  const [category, setCategory] = useState<KudosCategory | ''>('');
  const [message, setMessage] = useState('');
  const [photo, setPhoto] = useState<UploadedFile | null>(null);
  const [round, setRound] = useState(0);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<Kudos | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  if (recipients.error) return <ErrorState message={recipients.error.message} onRetry={() => void recipients.refetch()} />;

  const submit = async () => {
    setFailure(null);
    if (formRef.current?.querySelector('[data-status="uploading"], [data-status="queued"]')) {
      setFailure(t('form.uploading'));
      return;
    }
    const local: Record<string, string[]> = {};
    if (!who) local.recipientId = [t('form.pickSomeone')];
    if (!category) local.category = [t('form.pickCategory')];
    const checked = validate(kudosCreateSchema, { customerId, recipientId: who === CREW ? null : who || null, category: category || undefined, message, photoId: photo?.id ?? null }, t);
    if (!checked.ok || Object.keys(local).length > 0) {
      setErrors({ ...(checked.ok ? {} : checked.errors), ...local });
      return;
    }
    setErrors({});
    try {
      setSent(await send.mutateAsync(checked.data));
      setWho('');
      setCategory('');
      setMessage('');
      setPhoto(null);
      setRound((n) => n + 1);
    } catch (error) {
      if (error instanceof ApiError) {
        setErrors(error.errors);
        setFailure(error.status === 400 ? t('form.invalid') : error.message);
      } else setFailure(t('form.failed'));
    }
  };

  if (sent) {
    return (
      <Paper withBorder radius="md" p="lg" data-testid="kudos-sent">
        <Stack align="center" gap="sm" ta="center">
          <IconCircleCheck size={48} color="var(--mantine-color-teal-6)" aria-hidden />
          <Title order={2} size="h3">
            {t('sent.title')}
          </Title>
          <Text c="dimmed">{t('sent.text', { name: sent.recipient?.name ?? t('wholeCrew') })}</Text>
          <Button variant="light" onClick={() => setSent(null)}>
            {t('sent.again')}
          </Button>
        </Stack>
      </Paper>
    );
  }

  return (
    <Paper
      component="form"
      ref={formRef}
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'lg' }}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      data-testid="kudos-form"
    >
      <Stack gap="lg">
        <Text c="dimmed">{t('form.intro')}</Text>
        <Radio.Group value={who} onChange={setWho} label={t('form.who')} error={fieldError(errors, 'recipientId')} required>
          {recipients.isPending ? (
            <Skeleton height={72} mt="xs" radius="md" />
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="xs" mt="xs">
              <Radio.Card value={CREW} radius="md" className={classes.choice} data-testid="recipient-crew">
                <Group wrap="nowrap" gap="sm">
                  <Radio.Indicator />
                  <Avatar color="orange" radius="xl" size={44} aria-hidden>
                    <IconUsersGroup size={22} />
                  </Avatar>
                  <Text fw={600}>{t('wholeCrewTitle')}</Text>
                </Group>
              </Radio.Card>
              {(recipients.data ?? []).map((person) => (
                <Radio.Card key={person.id} value={person.id} radius="md" className={classes.choice} data-testid="recipient">
                  <Group wrap="nowrap" gap="sm">
                    <Radio.Indicator />
                    <PersonAvatar name={person.name} photoFileId={person.photoFileId} />
                    <div style={{ minWidth: 0 }}>
                      <Text fw={600} truncate>
                        {person.name}
                      </Text>
                      <Text size="sm" c="dimmed" truncate>
                        {t(`roles:teamRole.${person.teamRole}`, { defaultValue: person.teamRole })}
                      </Text>
                    </div>
                  </Group>
                </Radio.Card>
              ))}
            </SimpleGrid>
          )}
        </Radio.Group>
        <Radio.Group value={category} onChange={(value) => setCategory(value)} label={t('form.category')} error={fieldError(errors, 'category')} required>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xs" mt="xs">
            {KUDOS_CATEGORIES.map((value) => {
              const Icon = CATEGORY_ICONS[value];
              return (
                <Radio.Card key={value} value={value} radius="md" className={classes.choice} data-testid={`category-${value}`}>
                  <Group wrap="nowrap" gap="sm" align="flex-start">
                    <Icon size={24} color="var(--mantine-color-orange-6)" aria-hidden style={{ flexShrink: 0 }} />
                    <div>
                      <Text fw={600}>{t(`categories.${value}.label`)}</Text>
                      <Text size="sm" c="dimmed">
                        {t(`categories.${value}.hint`)}
                      </Text>
                    </div>
                  </Group>
                </Radio.Card>
              );
            })}
          </SimpleGrid>
        </Radio.Group>
        <Textarea
          label={t('form.message')}
          placeholder={t('form.messagePlaceholder')}
          value={message}
          onChange={(event) => setMessage(event.currentTarget.value)}
          autosize
          minRows={4}
          maxRows={12}
          maxLength={KUDOS_LIMITS.message}
          required
          error={fieldError(errors, 'message')}
          data-testid="kudos-message"
        />
        <div>
          <Text fw={500} size="sm" mb={4}>
            {t('form.photo')}{' '}
            <Text span c="dimmed" size="sm">
              ({t('form.optional')})
            </Text>
          </Text>
          <FileUpload key={round} kind="photo" customerId={customerId} multiple={false} onChange={(files) => setPhoto(files[0] ?? null)} />
        </div>
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" size="md" loading={send.isPending} leftSection={<IconHeart size={18} aria-hidden />} data-testid="send-kudos">
            {t('form.send')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
