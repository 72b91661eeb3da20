import { ActionIcon, Box, Group, SegmentedControl, Stack, Text, Title, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { WEEKDAYS, type PlanOccurrence } from '@grove/shared';
import { useFormat } from '../../../app/format';
import { addDaysTo, localToday, monthWeeks, monthsBetween, weekStart } from './calendar';
import { weekdayName } from './labels';
import { OCCURRENCE_COLOR } from './PlanBadges';
import classes from './PlanCalendar.module.css';

interface PlanCalendarProps {
  startDate: string;
  endDate: string;
  occurrences: readonly PlanOccurrence[];
  serviceOf: (occurrence: PlanOccurrence) => string;
  /** Opens a visit (staff record it; others see it in the list). */
  onOpen?: ((occurrence: PlanOccurrence) => void) | undefined;
  /** The rows of one week (week view): the same rows as the list. */
  renderDay: (occurrences: PlanOccurrence[]) => ReactNode;
}

const colorOf = (o: PlanOccurrence) => `var(--mantine-color-${o.overdue ? OCCURRENCE_COLOR.overdue : OCCURRENCE_COLOR[o.status]}-6)`;

/** The quarter as month grids (Monday first) or one week at a time. */
export function PlanCalendar({ startDate, endDate, occurrences, serviceOf, onOpen, renderDay }: PlanCalendarProps) {
  const { t } = useTranslation('plans');
  const format = useFormat();
  const today = localToday();
  const [mode, setMode] = useState<'month' | 'week'>('month');
  const firstWeek = weekStart(startDate);
  const lastWeek = weekStart(occurrences.reduce((last, o) => (o.date > last ? o.date : last), endDate));
  const [week, setWeek] = useState(() => (today >= startDate && today <= endDate ? weekStart(today) : firstWeek));
  const byDay = new Map<string, PlanOccurrence[]>();
  for (const o of occurrences) byDay.set(o.date, [...(byDay.get(o.date) ?? []), o]);
  const months = monthsBetween(startDate, occurrences.reduce((last, o) => (o.date > last ? o.date : last), endDate));
  const weekDays = Array.from({ length: 7 }, (_, i) => addDaysTo(week, i));

  return (
    <Stack gap="md">
      <SegmentedControl
        aria-label={t('calendar.view')}
        value={mode}
        onChange={(value) => setMode(value)}
        data={[
          { value: 'month', label: t('calendar.month') },
          { value: 'week', label: t('calendar.week') },
        ]}
        w={{ base: '100%', xs: 260 }}
      />
      {mode === 'month' &&
        months.map((month) => (
          <section key={month} aria-label={format.date(`${month}-01`, { month: 'long', year: 'numeric' })}>
            <Title order={3} size="h5" mb={6}>
              {format.date(`${month}-01`, { month: 'long', year: 'numeric' })}
            </Title>
            <table className={classes.grid}>
              <thead>
                <tr>
                  {WEEKDAYS.map((day) => (
                    <th key={day} scope="col">
                      <abbr title={weekdayName(day)}>{weekdayName(day, 'short')}</abbr>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {monthWeeks(month).map((days) => (
                  <tr key={days[0]}>
                    {days.map((day) => {
                      const inMonth = day.startsWith(month);
                      const inQuarter = day >= startDate && day <= endDate;
                      const visits = inMonth ? (byDay.get(day) ?? []) : [];
                      return (
                        <td key={day} className={classes.cell} data-outside={!inMonth || !inQuarter} data-today={day === today}>
                          {inMonth && <span className={classes.dayNumber}>{Number(day.slice(8))}</span>}
                          {visits.map((o) => {
                            const label = `${serviceOf(o)} · ${o.overdue ? t('occurrence.overdue') : t(`occurrence.status.${o.status}`)}`;
                            const content = (
                              <>
                                <span className={classes.dot} style={{ background: colorOf(o) }} aria-hidden />
                                <span className={classes.visitText}>{serviceOf(o)}</span>
                              </>
                            );
                            return onOpen ? (
                              <UnstyledButton key={o.id} className={classes.visit} onClick={() => onOpen(o)} aria-label={`${format.date(day)}: ${label}`} title={label}>
                                {content}
                              </UnstyledButton>
                            ) : (
                              <span key={o.id} className={classes.visit} title={label}>
                                {content}
                                <VisuallyHidden>{label}</VisuallyHidden>
                              </span>
                            );
                          })}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        ))}
      {mode === 'week' && (
        <Stack gap="sm">
          <Group justify="space-between" wrap="nowrap">
            <ActionIcon variant="default" onClick={() => setWeek(addDaysTo(week, -7))} disabled={week <= firstWeek} aria-label={t('calendar.previousWeek')}>
              <IconChevronLeft size={16} aria-hidden />
            </ActionIcon>
            <Text fw={600} size="sm" aria-live="polite">
              {t('calendar.weekOf', { from: format.date(weekDays[0]), to: format.date(weekDays[6]) })}
            </Text>
            <ActionIcon variant="default" onClick={() => setWeek(addDaysTo(week, 7))} disabled={week >= lastWeek} aria-label={t('calendar.nextWeek')}>
              <IconChevronRight size={16} aria-hidden />
            </ActionIcon>
          </Group>
          {weekDays.map((day) => {
            const visits = byDay.get(day) ?? [];
            return (
              <Box key={day}>
                <Text size="sm" fw={600} c={day === today ? 'orange.8' : undefined} mb={4}>
                  {format.date(day, { weekday: 'long', day: 'numeric', month: 'long' })}
                </Text>
                {visits.length === 0 ? (
                  <Text size="xs" c="dimmed">
                    {t('calendar.nothing')}
                  </Text>
                ) : (
                  renderDay(visits)
                )}
              </Box>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}
