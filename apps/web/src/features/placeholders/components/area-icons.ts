import {
  IconAlertTriangle,
  IconCalendarEvent,
  IconChartBar,
  IconFileInvoice,
  IconFileText,
  IconFolder,
  IconHeart,
  IconInbox,
  IconKey,
  IconLayoutDashboard,
  IconMap,
  IconMessages,
  IconNews,
  IconSettings,
  IconTemplate,
  IconTool,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';

const ICONS: [RegExp, Icon][] = [
  [/dashboard/i, IconLayoutDashboard],
  [/performance/i, IconChartBar],
  [/team|portal|addTeamMember/i, IconUsers],
  [/folder|fileLibrary|document/i, IconFolder],
  [/request/i, IconTool],
  [/message/i, IconMessages],
  [/content/i, IconNews],
  [/settings/i, IconSettings],
  [/orange/i, IconAlertTriangle],
  [/template/i, IconTemplate],
  [/plan/i, IconCalendarEvent],
  [/invoice/i, IconFileInvoice],
  [/proposal/i, IconFileText],
  [/map/i, IconMap],
  [/kudos/i, IconHeart],
  [/access|user/i, IconKey],
];

export function areaIcon(area: string): Icon {
  return ICONS.find(([pattern]) => pattern.test(area))?.[1] ?? IconInbox;
}

/** Name of the area from the deepest route title key: 'routes.serviceRequests' → 'serviceRequests'. */
export function areaOf(matches: readonly { handle: unknown }[]): string {
  for (let i = matches.length - 1; i >= 0; i--) {
    const title = (matches[i]!.handle as { title?: unknown } | undefined)?.title;
    if (typeof title === 'string') return title.replace(/^routes\./, '');
  }
  return 'generic';
}
