import type { AnyColumn, SQL } from 'drizzle-orm';
import type { DashboardChart, DashboardIcon, DashboardItem, DashboardTone, Language } from '@grove/shared';
import type { Db } from '../db/client.js';
import type { AuthUser } from '../http/authenticate.js';

/** One string per interface language (tile titles and texts are written where the tile is). */
export type LocalizedText = Record<Language, string>;

export interface DashboardContext {
  db: Db;
  user: AuthUser;
  language: Language;
  now: Date;
  /** 'customer': a customer-side user's property dashboard; 'staff': the back-office dashboard. */
  audience: 'staff' | 'customer';
  /** The one property shown (customer dashboard, or staff narrowed to one customer); null: whole scope. */
  customerId: string | null;
  /**
   * The condition every tile query must apply to its customer id column: the caller's scope
   * (domains/scope) and, when set, the one property.
   */
  customerCondition(column: AnyColumn | SQL): SQL;
  /** Pick the caller's language from a LocalizedText. */
  text(text: LocalizedText, params?: Record<string, string | number>): string;
  /** A number formatted for the caller's language. */
  number(value: number, options?: Intl.NumberFormatOptions): string;
}

/** What a tile's `load` returns; missing fields take the defaults (no items, no chart, neutral). */
export interface DashboardTileData {
  value: number | null;
  detail?: string | null;
  amount?: number | null;
  tone?: DashboardTone;
  link?: string | null;
  items?: DashboardItem[];
  chart?: DashboardChart | null;
  /** Shown instead of the figure when `value` is null or a list is empty. */
  empty?: string | null;
}

/**
 * A tile a domain contributes to the dashboards (`dashboardTiles` of its module manifest). Only
 * domains that exist contribute, so a dashboard never shows a figure for something not built.
 * Queries are SQL aggregates and must apply `ctx.customerCondition` (an account manager never counts
 * another team's customers).
 */
export interface DashboardTileDefinition {
  /** Unique within the module; the tile id is `<module>.<id>`. */
  id: string;
  audience: 'staff' | 'customer' | 'both';
  kind: 'figure' | 'list' | 'chart';
  icon: DashboardIcon;
  /** Lower first; domains pick from 10 (core figures) … 90 (charts). */
  order: number;
  format?: 'count' | 'percent' | 'money';
  title: LocalizedText;
  /** null hides the tile for this caller (e.g. a role it does not concern). */
  load(ctx: DashboardContext): Promise<DashboardTileData | null>;
}
