import { and, eq, type AnyColumn, type SQL } from 'drizzle-orm';
import { hasStaffRole, interpolate, type Dashboard, type DashboardTile, type Language } from '@grove/shared';
import type { Db } from '../../db/client.js';
import type { AuthUser } from '../../http/authenticate.js';
import { badRequest } from '../../http/errors.js';
import type { DashboardContext, LocalizedText } from '../../modules/dashboard.js';
import type { DomainModule } from '../../modules/domain-module.js';
import { assertCustomerInScope, customerIdInScope } from '../scope/index.js';

const LOCALES: Record<Language, string> = { en: 'en-US', zh: 'zh-CN', es: 'es-ES', ja: 'ja-JP', de: 'de-DE', fr: 'fr-FR' };

/**
 * The dashboard of the caller: every module's tiles for the audience, each computed in the caller's
 * scope. A tile that fails shows as an error tile; the rest of the dashboard still answers.
 */
export async function buildDashboard(
  db: Db,
  modules: readonly DomainModule[],
  user: AuthUser,
  language: Language,
  customerId: string | undefined,
  log: (error: unknown, tile: string) => void,
): Promise<Dashboard> {
  const audience = hasStaffRole(user.roles) ? 'staff' : 'customer';
  if (audience === 'customer' && !customerId) throw badRequest({ customerId: ['Required'] });
  if (customerId) await assertCustomerInScope(db, user, customerId);
  const locale = LOCALES[language];
  const ctx: DashboardContext = {
    db,
    user,
    language,
    now: new Date(),
    audience,
    customerId: customerId ?? null,
    customerCondition: (column: AnyColumn | SQL) =>
      customerId ? and(eq(column as AnyColumn, customerId), customerIdInScope(user, column))! : customerIdInScope(user, column),
    text: (text: LocalizedText, params) => interpolate(text[language] ?? text.en, params),
    number: (value, options) => new Intl.NumberFormat(locale, options).format(value),
  };
  const definitions = modules.flatMap((module) =>
    (module.dashboardTiles ?? []).filter((tile) => tile.audience === 'both' || tile.audience === audience).map((tile) => ({ module: module.name, tile })),
  );
  definitions.sort((a, b) => a.tile.order - b.tile.order);
  const tiles: DashboardTile[] = [];
  // One after another: PGlite has one connection, and a pool of a busy PostgreSQL is shared.
  for (const { module, tile } of definitions) {
    const base = {
      id: `${module}.${tile.id}`,
      module,
      kind: tile.kind,
      icon: tile.icon,
      title: ctx.text(tile.title),
      format: tile.format ?? 'count',
    } as const;
    try {
      const data = await tile.load(ctx);
      if (!data) continue;
      tiles.push({
        ...base,
        status: 'ok',
        value: data.value,
        detail: data.detail ?? null,
        amount: data.amount ?? null,
        tone: data.tone ?? 'neutral',
        link: data.link ?? null,
        items: data.items ?? [],
        chart: data.chart ?? null,
        empty: data.empty ?? null,
      });
    } catch (error) {
      log(error, base.id);
      tiles.push({ ...base, status: 'error', value: null, detail: null, amount: null, tone: 'neutral', link: null, items: [], chart: null, empty: null });
    }
  }
  return { audience, customerId: customerId ?? null, generatedAt: ctx.now.toISOString(), tiles };
}

