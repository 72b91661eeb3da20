import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import type { CustomerAreaItem } from '@grove/shared';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormat } from '../../../app/format';
import { areaSegment, customerSections, fillCustomerId } from './customer-sections';
import { sectionIcon } from './section-icons';
import classes from './CustomerList.module.css';

export interface AreaCount {
  total: number;
  open: number;
  /** Past a due time (requests): shown in red next to the open count. */
  overdue?: number;
  latest?: CustomerAreaItem[];
}

/** Items shown per area card. */
const LATEST_SHOWN = 3;

/** Where one item of an area opens; areas without an item page open their list. */
const ITEM_PATHS: Record<string, string> = {
  requests: 'requests/:id/update',
  'orange-reports': 'orange-reports/:id/view',
  plans: 'plans/:id/view',
  messages: 'messages/:id/view',
};

function itemPath(listPath: string, area: string, id: string): string {
  const pattern = ITEM_PATHS[area];
  return pattern ? `${listPath}/${pattern.slice(area.length + 1).replace(':id', encodeURIComponent(id))}` : listPath;
}

const humanize = (status: string) => status.replace(/_/g, ' ').replace(/^./, (letter) => letter.toUpperCase());

interface CustomerSectionGridProps {
  base: '/customers/:customerId' | '/customerView/:customerId';
  customerId: string;
  roles: readonly string[];
  /** Counts by area segment (`requests`, `orange-reports`…), when the overview has loaded. */
  counts?: Readonly<Record<string, AreaCount>>;
  /** Area segments the server says this user cannot use here (e.g. portal access). */
  hidden?: readonly string[];
  /** Only these areas (by segment): the page shows what needs action apart from the rest. */
  include?: (area: string) => boolean;
  /** Columns from the `lg` breakpoint up. */
  wideColumns?: number;
  testId?: string;
}

/** A card per area of the customer (plans, reports, invoices…) with its quick actions. */
export function CustomerSectionGrid({ base, customerId, roles, counts = {}, hidden = [], include, wideColumns = 3, testId = 'customer-sections' }: CustomerSectionGridProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const sections = customerSections(base, roles).filter(({ main }) => {
    const area = areaSegment(main.path);
    return !hidden.includes(area) && (!include || include(area));
  });
  if (sections.length === 0) return null;
  return (
    <SimpleGrid cols={{ base: 1, xs: Math.min(2, wideColumns), lg: wideColumns }} spacing="md" data-testid={testId}>
      {sections.map(({ main, actions }) => {
        const Icon = sectionIcon(main.path);
        const area = areaSegment(main.path);
        const count = counts[area];
        const listPath = fillCustomerId(main.path, customerId);
        const latest = (count?.latest ?? []).slice(0, LATEST_SHOWN);
        return (
          <Paper key={main.path} withBorder radius="md" p="md">
            <Stack gap="xs">
              <Anchor component={Link} to={fillCustomerId(main.path, customerId)} underline="never" c="inherit" className={classes.card}>
                <Group gap="sm" wrap="nowrap">
                  <ThemeIcon variant="light" color="teal" size={36} radius="md">
                    <Icon size={20} aria-hidden />
                  </ThemeIcon>
                  <Stack gap={0}>
                    <Text fw={600}>{t(main.title)}</Text>
                    {count && (
                      <Group gap={6}>
                        {count.open > 0 && (
                          <Badge size="sm" variant="light" color="orange">
                            {t('customers:sections.open', { n: format.number(count.open) })}
                          </Badge>
                        )}
                        {(count.overdue ?? 0) > 0 && (
                          <Badge size="sm" variant="filled" color="red" data-testid={`overdue-${area}`}>
                            {t('customers:sections.overdue', { n: format.number(count.overdue ?? 0) })}
                          </Badge>
                        )}
                        <Text size="xs" c="dimmed">
                          {t('customers:sections.total', { n: format.number(count.total) })}
                        </Text>
                      </Group>
                    )}
                  </Stack>
                </Group>
              </Anchor>
              {count && count.total === 0 && (
                <Text size="xs" c="dimmed" pl={48}>
                  {t('customers:sections.empty')}
                </Text>
              )}
              {latest.length > 0 && (
                <Stack gap={4} pl={48} component="ul" m={0} style={{ listStyle: 'none' }} data-testid={`latest-${area}`}>
                  {latest.map((item) => (
                    <li key={item.id}>
                      <Anchor component={Link} to={itemPath(listPath, area, item.id)} size="sm" c="inherit" style={{ display: 'block' }}>
                        <Text span size="sm" lineClamp={1}>
                          {item.reference && (
                            <Text span size="xs" ff="monospace" c="dimmed" mr={6}>
                              {item.reference}
                            </Text>
                          )}
                          {item.title}
                        </Text>
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        {t(`customers:itemStatus.${item.status}`, { defaultValue: humanize(item.status) })} · {format.date(item.createdAt)}
                      </Text>
                    </li>
                  ))}
                </Stack>
              )}
              {actions.length > 0 && (
                <Group gap="md" pl={48}>
                  {actions.map((action) => (
                    <Anchor key={action.path} component={Link} to={fillCustomerId(action.path, customerId)} size="sm">
                      {action.path.endsWith('/new') || action.path.endsWith('/newUser') ? (
                        <IconPlus size={12} style={{ verticalAlign: 'middle', marginInlineEnd: 2 }} aria-hidden />
                      ) : null}
                      {t(action.title)}
                    </Anchor>
                  ))}
                </Group>
              )}
            </Stack>
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}
