import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LAYOUT_CONFIG_STORAGE_KEY } from '@grove/shared';
import { INITIAL_LAYOUT_CONFIG, createLayoutConfigStore, mergeLayoutConfig } from './layout-config';

describe('layout config store', () => {
  beforeEach(() => localStorage.clear());

  it('starts from the initial settings when nothing is saved', () => {
    expect(createLayoutConfigStore(localStorage).get()).toEqual(INITIAL_LAYOUT_CONFIG);
  });

  it('set changes the settings, notifies and saves them under "config"', () => {
    const store = createLayoutConfigStore(localStorage);
    const listener = vi.fn();
    store.subscribe(listener);
    store.set({ asideMinimized: true });
    expect(store.get().asideMinimized).toBe(true);
    expect(listener).toHaveBeenCalledTimes(1);
    const saved = JSON.parse(localStorage.getItem(LAYOUT_CONFIG_STORAGE_KEY) ?? '{}') as Record<string, unknown>;
    expect(saved.asideMinimized).toBe(true);
  });

  it('a new store (a reload) overrides the initial settings from the saved entry', () => {
    createLayoutConfigStore(localStorage).set({ asideMinimized: true, contentWidth: 'fixed' });
    const reloaded = createLayoutConfigStore(localStorage);
    expect(reloaded.get()).toMatchObject({ asideMinimized: true, contentWidth: 'fixed', breadcrumbs: true });
  });

  it('overrideFromStorage applies an entry written elsewhere and ignores invalid values', () => {
    const store = createLayoutConfigStore(localStorage);
    localStorage.setItem(
      LAYOUT_CONFIG_STORAGE_KEY,
      JSON.stringify({ asideMinimized: true, breadcrumbs: 'no', contentWidth: 'huge', unknown: 1 }),
    );
    store.overrideFromStorage();
    expect(store.get()).toEqual({ ...INITIAL_LAYOUT_CONFIG, asideMinimized: true });
  });

  it('a corrupt saved entry falls back to the initial settings', () => {
    localStorage.setItem(LAYOUT_CONFIG_STORAGE_KEY, '{not json');
    expect(createLayoutConfigStore(localStorage).get()).toEqual(INITIAL_LAYOUT_CONFIG);
  });

  it('reset returns to the initial settings and forgets the saved entry', () => {
    const store = createLayoutConfigStore(localStorage);
    store.set({ asideMinimized: true, scrollTop: false });
    store.reset();
    expect(store.get()).toEqual(INITIAL_LAYOUT_CONFIG);
    expect(localStorage.getItem(LAYOUT_CONFIG_STORAGE_KEY)).toBeNull();
  });

  it('merge applies page settings on top without saving them', () => {
    const store = createLayoutConfigStore(localStorage);
    store.set({ breadcrumbs: false });
    const page = store.merge({ asideMinimized: true }, { pageTitle: false });
    expect(page).toMatchObject({ asideMinimized: true, pageTitle: false, breadcrumbs: false });
    expect(store.get().asideMinimized).toBe(false);
    const saved = JSON.parse(localStorage.getItem(LAYOUT_CONFIG_STORAGE_KEY) ?? '{}') as Record<string, unknown>;
    expect(saved.asideMinimized).toBe(false);
  });

  it('later page settings win over earlier ones (child route over parent)', () => {
    expect(mergeLayoutConfig(INITIAL_LAYOUT_CONFIG, { asideMinimized: true }, { asideMinimized: false }).asideMinimized).toBe(
      false,
    );
  });

  it('works without storage (disabled localStorage)', () => {
    const store = createLayoutConfigStore(null);
    store.set({ asideMinimized: true });
    expect(store.get().asideMinimized).toBe(true);
    store.reset();
    expect(store.get()).toEqual(INITIAL_LAYOUT_CONFIG);
  });
});
