import type { Plugin } from 'vite';

/*
 * Mantine's ScrollArea takes one helper from floating-ui, `useMergeRefs`, and every Drawer imports
 * ScrollArea (to compare its `scrollAreaComponent` with it) — so the header's drawers would bring
 * floating-ui's positioning (~20 KB compressed) into every signed-in screen's first download, though
 * only popovers, tooltips, menus and selects use it (decision 042: those mount on first use). In the
 * web build ScrollArea's import is answered by Mantine's own `useMergedRef`, which merges refs the
 * same way (callback and object refs, React 19 cleanups).
 */

const SHIM = '\0scroll-area-merge-refs';

export function scrollAreaMergeRefs(): Plugin {
  return {
    name: 'grove:scroll-area-merge-refs',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== '@floating-ui/react' || !importer) return null;
      return /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]ScrollArea\.mjs$/.test(importer) ? SHIM : null;
    },
    load(id) {
      if (id !== SHIM) return null;
      return `import { useMergedRef } from '@mantine/hooks';\nexport function useMergeRefs(refs) { return useMergedRef(...refs); }\n`;
    },
  };
}
