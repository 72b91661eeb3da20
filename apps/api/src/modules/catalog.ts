import type { CustomerRole } from '@grove/shared';
import type { DomainModule, FileOwnership, LiveEventKind, MessageCatalogue, NotificationKindDefinition, OverviewContribution } from './domain-module.js';

/*
 * Lookups over the module registry for the parts of the app that serve every domain
 * (notifications, customer overview, file policy, seed, tests). Domains import this file, and the
 * registry imports the domains, so this file must not import the registry (an import cycle would
 * hand it half-loaded modules): registry.ts hands its list over here once it is complete, and the
 * lookups are built on first use.
 */

interface Catalog {
  kinds: Map<string, NotificationKindDefinition>;
  messages: Map<string, MessageCatalogue>;
  overview: OverviewContribution[];
  fileOwners: Map<string, FileOwnership>;
  liveEvents: Map<string, LiveEventKind>;
}

let registered: readonly DomainModule[] | undefined;
let built: Catalog | undefined;

/** Called by modules/registry.ts with the complete list (and by tests with their own). */
export function registerModules(list: readonly DomainModule[]): void {
  built = buildCatalog(list);
  registered = list;
}

/** Checks the registry once: names, kinds, message keys, areas and owner types must be unique. */
export function buildCatalog(modules: readonly DomainModule[]): Catalog {
  const catalog: Catalog = { kinds: new Map(), messages: new Map(), overview: [], fileOwners: new Map(), liveEvents: new Map() };
  const names = new Set<string>();
  const areas = new Set<string>();
  const clash = (what: string, key: string, module: DomainModule) => new Error(`module ${module.name}: ${what} "${key}" is already registered`);
  for (const module of modules) {
    if (names.has(module.name)) throw clash('name', module.name, module);
    names.add(module.name);
    for (const kind of module.notificationKinds ?? []) {
      if (catalog.kinds.has(kind.kind)) throw clash('notification kind', kind.kind, module);
      catalog.kinds.set(kind.kind, kind);
    }
    for (const [key, copy] of Object.entries(module.notificationMessages ?? {})) {
      if (catalog.messages.has(key)) throw clash('notification message', key, module);
      catalog.messages.set(key, copy);
    }
    for (const contribution of module.customerOverview ?? []) {
      if (areas.has(contribution.area)) throw clash('overview area', contribution.area, module);
      areas.add(contribution.area);
      catalog.overview.push(contribution);
    }
    for (const ownerType of module.files?.ownerTypes ?? []) {
      if (catalog.fileOwners.has(ownerType)) throw clash('file owner type', ownerType, module);
      catalog.fileOwners.set(ownerType, module.files!);
    }
    for (const kind of module.liveEvents ?? []) {
      if (catalog.liveEvents.has(kind.type)) throw clash('live event type', kind.type, module);
      catalog.liveEvents.set(kind.type, kind);
    }
  }
  return catalog;
}

function catalog(): Catalog {
  if (!built) throw new Error('the module registry is not loaded: import modules/registry.ts (app.ts does) before using the module catalog');
  return built;
}

export function modules(): readonly DomainModule[] {
  catalog();
  return registered!;
}

export function notificationKinds(): readonly NotificationKindDefinition[] {
  return [...catalog().kinds.values()];
}

export function notificationKind(kind: string): NotificationKindDefinition | undefined {
  return catalog().kinds.get(kind);
}

/** Kinds a customer's settings route to its customer-side roles, with the roles that get them by default. */
export function customerRoutedKinds(): { kind: string; defaultRoles: readonly CustomerRole[] }[] {
  return notificationKinds().flatMap((kind) => (kind.customerRouting ? [{ kind: kind.kind, defaultRoles: kind.customerRouting.defaultRoles }] : []));
}

export function notificationMessage(key: string): MessageCatalogue | undefined {
  return catalog().messages.get(key);
}

export function overviewContributions(): readonly OverviewContribution[] {
  return catalog().overview;
}

export function fileOwnerOf(ownerType: string): FileOwnership | undefined {
  return catalog().fileOwners.get(ownerType);
}

/** The declaration of a live event type (undefined: no module declares it, so it is sent to no one). */
export function liveEventKind(type: string): LiveEventKind | undefined {
  return catalog().liveEvents.get(type);
}
