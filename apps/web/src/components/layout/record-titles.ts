import { useEffect, useSyncExternalStore } from 'react';
import { useMatches } from 'react-router';

/**
 * Record names for breadcrumbs, keyed by the crumb's path: `/customers/c-1` → "Brookstone Lakes".
 * Spec §2: the page title is the last breadcrumb's title, so a record page shows its record's name
 * or number in the H1, the last crumb and the browser tab instead of "Customer" (issue 17 §7).
 * Names stay known after the page is left, so the crumbs of pages below it keep them.
 */
const titles = new Map<string, string>();
const listeners = new Set<() => void>();
let version = 0;
const MAX_KEPT = 200;

/** A crumb's path as the breadcrumbs write it (no trailing slash). */
export function crumbPath(pathname: string): string {
  return pathname.replace(/\/+$/, '') || '/';
}

export function setRecordTitle(path: string, title: string): void {
  const key = crumbPath(path);
  if (titles.get(key) === title) return;
  titles.delete(key);
  titles.set(key, title);
  if (titles.size > MAX_KEPT) titles.delete(titles.keys().next().value!);
  version++;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The record names known so far (re-renders when one is added or changes). */
export function useRecordTitles(): ReadonlyMap<string, string> {
  useSyncExternalStore(subscribe, () => version);
  return titles;
}

/**
 * Names the current page after the record it shows; with `path`, names another crumb instead
 * (a request page names its customer's crumb). Nothing happens until the title is known.
 */
export function useRecordTitle(title: string | null | undefined, path?: string): void {
  const matches = useMatches();
  const own = matches[matches.length - 1]?.pathname;
  const target = path ?? own;
  useEffect(() => {
    if (title && target) setRecordTitle(target, title);
  }, [title, target]);
}

export function resetRecordTitlesForTests(): void {
  titles.clear();
  version++;
}
