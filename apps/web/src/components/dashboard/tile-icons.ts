import {
  IconAlarm,
  IconBell,
  IconBuildingCommunity,
  IconClipboardList,
  IconCalendarEvent,
  IconFileDescription,
  IconFileInvoice,
  IconFileText,
  IconGauge,
  IconHeart,
  IconMessages,
  IconSpeakerphone,
  IconTool,
} from '@tabler/icons-react';
import type { DashboardIcon } from '@grove/shared';

export const TILE_ICONS: Record<DashboardIcon, typeof IconBell> = {
  requests: IconTool,
  overdue: IconAlarm,
  sla: IconGauge,
  customers: IconBuildingCommunity,
  bell: IconBell,
  report: IconClipboardList,
  plan: IconCalendarEvent,
  proposal: IconFileDescription,
  invoice: IconFileInvoice,
  message: IconMessages,
  kudos: IconHeart,
  document: IconFileText,
  content: IconSpeakerphone,
};
