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
}

interface GraphContext {
  getModuleIds(): IterableIterator<string>;
  getModuleInfo(id: string): { importedIds: readonly string[]; isEntry: boolean } | null;
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
 * the groups before it.
 */
export function frameChunks(groups: Record<string, readonly string[]>): FrameChunks {
  const members = new Map<string, Set<string>>();
  const plugin: Plugin = {
    name: 'grove:frame-chunks',
    apply: 'build',
    buildEnd() {
      const context = this as unknown as GraphContext;
      const ids = [...context.getModuleIds()];
      const taken = closure(context, ids.filter((id) => context.getModuleInfo(id)?.isEntry));
      for (const [name, roots] of Object.entries(groups)) {
        const rootIds = roots.map((root) => {
          const id = ids.find((candidate) => candidate.endsWith(root));
          if (!id) throw new Error(`frame-chunks: no module ends with ${root}`);
          return id;
        });
        const own = new Set([...closure(context, rootIds)].filter((id) => !taken.has(id)));
        own.forEach((id) => taken.add(id));
        members.set(name, own);
      }
    },
  };
  return { plugin, test: (name) => (id) => members.get(name)?.has(id) ?? false };
}
