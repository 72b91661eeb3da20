import { useSyncExternalStore } from 'react';
import { LAYOUT_CONFIG_STORAGE_KEY } from '@grove/shared';

/** Client layout settings (spec §3): set, reset to initial, override from `config`, merge per page. */
export interface LayoutConfig {
  /** The aside is shown narrow (icons only) on desktop; it expands while hovered. */
  asideMinimized: boolean;
  /** A minimised aside expands on hover on desktop. */
  asideHoverExpand: boolean;
  /** Breadcrumbs above the page content. */
  breadcrumbs: boolean;
  /** The page title (last breadcrumb) above the page content. */
  pageTitle: boolean;
  /** The scroll-to-top button. */
  scrollTop: boolean;
  /** `fluid` uses the full width; `fixed` centres content at the xl breakpoint. */
  contentWidth: 'fluid' | 'fixed';
}

export type LayoutSettings = Partial<LayoutConfig>;

export const INITIAL_LAYOUT_CONFIG: Readonly<LayoutConfig> = Object.freeze({
  asideMinimized: false,
  asideHoverExpand: true,
  breadcrumbs: true,
  pageTitle: true,
  scrollTop: true,
  contentWidth: 'fluid',
});

const CONTENT_WIDTHS: readonly string[] = ['fluid', 'fixed'];

/** Keeps only known keys whose values have the right type, so a stale or tampered entry cannot break the frame. */
export function sanitizeLayoutSettings(value: unknown): LayoutSettings {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const source = value as Record<string, unknown>;
  const result: Record<string, unknown> = {};
  for (const key of Object.keys(INITIAL_LAYOUT_CONFIG) as (keyof LayoutConfig)[]) {
    const candidate = source[key];
    if (key === 'contentWidth') {
      if (typeof candidate === 'string' && CONTENT_WIDTHS.includes(candidate)) result[key] = candidate;
    } else if (typeof candidate === 'boolean') {
      result[key] = candidate;
    }
  }
  return result;
}

/** Page settings win over the user's settings for that page only; nothing is saved. */
export function mergeLayoutConfig(base: LayoutConfig, ...pages: (LayoutSettings | undefined)[]): LayoutConfig {
  let merged = base;
  for (const page of pages) {
    if (page) merged = { ...merged, ...sanitizeLayoutSettings(page) };
  }
  return merged;
}

export interface LayoutConfigStore {
  get: () => LayoutConfig;
  /** Changes settings and remembers them in localStorage. */
  set: (settings: LayoutSettings) => void;
  /** Back to the initial settings; the saved entry is removed. */
  reset: () => void;
  /** Re-reads the saved `config` entry and applies it over the initial settings. */
  overrideFromStorage: () => void;
  /** The current settings merged with page-specific ones (not saved). */
  merge: (...pages: (LayoutSettings | undefined)[]) => LayoutConfig;
  subscribe: (listener: () => void) => () => void;
}

function browserStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can be disabled (privacy mode); the layout then simply forgets.
    return null;
  }
}

function readSaved(storage: Storage | null): LayoutSettings {
  const raw = storage?.getItem(LAYOUT_CONFIG_STORAGE_KEY);
  if (!raw) return {};
  try {
    return sanitizeLayoutSettings(JSON.parse(raw));
  } catch {
    return {};
  }
}

export function createLayoutConfigStore(storage: Storage | null = browserStorage()): LayoutConfigStore {
  let config: LayoutConfig = { ...INITIAL_LAYOUT_CONFIG, ...readSaved(storage) };
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((listener) => listener());

  return {
    get: () => config,
    set(settings) {
      config = { ...config, ...sanitizeLayoutSettings(settings) };
      try {
        storage?.setItem(LAYOUT_CONFIG_STORAGE_KEY, JSON.stringify(config));
      } catch {
        // Quota or disabled storage: keep the in-memory choice.
      }
      emit();
    },
    reset() {
      config = { ...INITIAL_LAYOUT_CONFIG };
      try {
        storage?.removeItem(LAYOUT_CONFIG_STORAGE_KEY);
      } catch {
        // ignore: nothing saved to remove
      }
      emit();
    },
    overrideFromStorage() {
      config = { ...INITIAL_LAYOUT_CONFIG, ...readSaved(storage) };
      emit();
    },
    merge: (...pages) => mergeLayoutConfig(config, ...pages),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The app-wide store, initialised from the saved `config` entry. */
export const layoutConfigStore = createLayoutConfigStore();

/** The current layout settings, merged with the given page settings. */
export function useLayoutConfig(page?: LayoutSettings, store: LayoutConfigStore = layoutConfigStore): LayoutConfig {
  const config = useSyncExternalStore(store.subscribe, store.get, store.get);
  return page ? mergeLayoutConfig(config, page) : config;
}
