import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { KudosList } from '../components/KudosList';
import { SendKudosForm } from '../components/SendKudosForm';

/** /customerView/{customerId}/sendKudos: thank the crew, and the kudos you sent. */
export default function SendKudosPage() {
  const { t } = useTranslation('kudos');
  const { customerId = '' } = useParams();
  return (
    <Stack gap="xl" key={customerId} maw={1100}>
      <SendKudosForm customerId={customerId} />
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('list.mine')}
        </Title>
        <KudosList customerId={customerId} showSender={false} />
      </Stack>
    </Stack>
  );
}
