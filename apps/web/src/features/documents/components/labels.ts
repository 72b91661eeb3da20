import { IconCertificate, IconFileDescription, IconFileText, IconMap2, IconReportAnalytics, IconUsersGroup, type Icon } from '@tabler/icons-react';
import type { DocumentCategory } from '@grove/shared';

export const CATEGORY_ICONS: Record<DocumentCategory, Icon> = {
  contract: IconFileText,
  insurance: IconCertificate,
  site_plan: IconMap2,
  board_minutes: IconUsersGroup,
  report: IconReportAnalytics,
  other: IconFileDescription,
};

export type Audience = 'staff' | 'customer';
