import type { Plugin } from 'vite';

/*
 * One chunk for what every signed-in screen loads with its frame (decision 039). Rolldown puts each
 * module shared by a different set of lazy chunks into a chunk of its own, so the signed-in frame
 * (AppLayout and the data provider), the session's endpoint client, the live stream and the header's
 * indicators arrived as ~25 responses of 0.5–2 KB — about half of each one response headers. This
 * plugin reads the module graph once it is complete (`buildEnd`) and answers, for code-splitting
 * groups, whether a module is statically reachable from the group's roots but not from the entry
 * (the sign-in screen loads the entry and must not load the frame) nor from an earlier group
 * (`contract`: the endpoint client, the query client's provider and the session's declarations,
 * which the public screens that call the API load without the frame). Vendor groups of higher priority (React, Mantine's base and
 * shared UI chunks, TanStack Query, zod, icons) keep their modules.
 */

export interface FrameChunks {
  plugin: Plugin;
  /** The `test` of each named code-splitting group. */
  test: (name: string) => (id: string) => boolean;
  /**
   * Whether `id` is a Tabler icon that the group's own app modules import by name. The icon package
   * is one barrel that imports every icon (the entry reaches it too), so the module graph cannot
   * tell which icons a group uses; its modules' import lists can.
   */
  icon: (name: string) => (id: string) => boolean;
}

interface GraphContext {
  getModuleIds(): IterableIterator<string>;
  getModuleInfo(id: string): { importedIds: readonly string[]; isEntry: boolean; code?: string | null } | null;
}

const ICON_IMPORT = /import\s*\{([^}]*)\}\s*from\s*['"]@tabler\/icons-react['"]/g;
const ICON_MODULE = /@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/]icons[\\/](Icon\w+)\.mjs$/;

/** The icon names a module's code imports from @tabler/icons-react. */
export function iconImports(code: string): string[] {
  return [...code.matchAll(ICON_IMPORT)].flatMap((match) => match[1]!.split(',').map((name) => name.trim().split(/\s+as\s+/)[0]!).filter(Boolean));
}

function closure(context: GraphContext, roots: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    for (const next of context.getModuleInfo(id)?.importedIds ?? []) stack.push(next);
  }
  return seen;
}

/**
 * `groups`: name → source paths ending the group's root modules (`/src/app/DataProvider.tsx`, …),
 * in order: a group holds what its roots import statically, except the entry's modules and those of
 * the groups before it. `iconGroups`: name → roots whose statically imported icons `icon(name)`
 * answers, without taking their modules (a screen whose icons should travel with the frame).
 */
export function frameChunks(groups: Record<string, readonly string[]>, iconGroups: Record<string, readonly string[]> = {}): FrameChunks {
  const members = new Map<string, Set<string>>();
  const icons = new Map<string, Set<string>>();
  const plugin: Plugin = {
    name: 'grove:frame-chunks',
    apply: 'build',
    buildEnd() {
      const context = this as unknown as GraphContext;
      const ids = [...context.getModuleIds()];
      const idOf = (root: string) => {
        const id = ids.find((candidate) => candidate.endsWith(root));
        if (!id) throw new Error(`frame-chunks: no module ends with ${root}`);
        return id;
      };
      const iconsIn = (modules: Iterable<string>) =>
        new Set([...modules].filter((id) => !id.includes('node_modules')).flatMap((id) => iconImports(context.getModuleInfo(id)?.code ?? '')));
      const taken = closure(context, ids.filter((id) => context.getModuleInfo(id)?.isEntry));
      for (const [name, roots] of Object.entries(groups)) {
        const rootIds = roots.map(idOf);
        const own = new Set([...closure(context, rootIds)].filter((id) => !taken.has(id)));
        own.forEach((id) => taken.add(id));
        members.set(name, own);
        icons.set(name, iconsIn(own));
      }
      for (const [name, roots] of Object.entries(iconGroups)) icons.set(name, iconsIn(closure(context, roots.map(idOf))));
    },
  };
  return {
    plugin,
    test: (name) => (id) => members.get(name)?.has(id) ?? false,
    icon: (name) => (id) => {
      const icon = ICON_MODULE.exec(id)?.[1];
      return icon !== undefined && (icons.get(name)?.has(icon) ?? false);
    },
  };
}
