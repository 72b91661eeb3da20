import {
  IconAlertTriangle,
  IconCalendarEvent,
  IconFileInvoice,
  IconFileText,
  IconFolder,
  IconHeart,
  IconKey,
  IconMap,
  IconMessages,
  IconSettings,
  IconTemplate,
  IconTool,
  type Icon,
} from '@tabler/icons-react';

const ICONS: Record<string, Icon> = {
  settings: IconSettings,
  'update-map': IconMap,
  'orange-reports': IconAlertTriangle,
  'manage-portal-access': IconKey,
  plans: IconCalendarEvent,
  planTemplates: IconTemplate,
  invoices: IconFileInvoice,
  proposals: IconFileText,
  documents: IconFolder,
  messages: IconMessages,
  requests: IconTool,
  sendKudos: IconHeart,
};

export function sectionIcon(path: string): Icon {
  const area = path.split('/').pop() ?? '';
  return ICONS[area] ?? IconFolder;
}
