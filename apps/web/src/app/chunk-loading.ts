import type { ComponentType } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '@grove/shared';

/** A script chunk that failed to load or took longer than CHUNK_LOAD_TIMEOUT_MS (spec §8). */
export class ChunkLoadError extends Error {
  constructor(message = 'Loading chunk failed', options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ChunkLoadError';
  }
}

export function withChunkTimeout<T>(load: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(`Loading chunk timed out after ${timeoutMs} ms`)), timeoutMs);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(error instanceof Error ? error.message : 'Loading chunk failed', { cause: error }));
      },
    );
  });
}

/** Browsers word a failed dynamic import differently; all of them mean "this chunk did not arrive". */
export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof ChunkLoadError) return true;
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
      error.message,
    )
  );
}

export type PageModule = { default: ComponentType };

/**
 * A React Router `lazy` for a page module, with the chunk timeout; `alongside` (the screen's
 * translation namespaces, decision 028) loads in parallel and is awaited before the screen renders.
 */
export function lazyPage(load: () => Promise<PageModule>, alongside: () => Promise<unknown> = () => Promise.resolve()) {
  return async () => {
    const [module] = await Promise.all([withChunkTimeout(load), withChunkTimeout(alongside)]);
    return { Component: module.default };
  };
}
