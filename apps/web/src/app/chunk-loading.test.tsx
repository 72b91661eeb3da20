import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { CHUNK_LOAD_TIMEOUT_MS } from '@grove/shared';
import { installBrowserMocks, setupTestI18n } from '../components/ui/test-providers';
import { RouteErrorPage } from '../features/errors/components/RouteErrorPage';
import { ChunkLoadError, isChunkLoadError, lazyPage, withChunkTimeout } from './chunk-loading';
import { renderApp } from './test-support/render-app';

beforeAll(async () => {
  installBrowserMocks();
  await setupTestI18n();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('chunk loading (spec §8: 120 s timeout)', () => {
  it('rejects with a ChunkLoadError when a chunk takes longer than 120 s', async () => {
    vi.useFakeTimers();
    const never = new Promise<never>(() => undefined);
    const loading = withChunkTimeout(() => never);
    const outcome = loading.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBeInstanceOf(ChunkLoadError);
  });

  it('passes a chunk that arrives in time', async () => {
    await expect(withChunkTimeout(() => Promise.resolve('module'))).resolves.toBe('module');
  });

  it('recognises the browsers’ failed-import errors', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
  });

  it('shows a retry page, not a blank, when a page chunk fails; retry reloads', async () => {
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    const failing = lazyPage(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/Page.js')));
    renderApp('/broken', [{ path: '/', errorElement: <RouteErrorPage />, children: [{ path: 'broken', lazy: failing }] }]);
    expect(await screen.findByText('This page could not be loaded')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(reload).toHaveBeenCalled();
  });
});
