import { useCallback, useEffect, useReducer, useRef } from 'react';
import type { FileKind, UploadedFile } from '@grove/shared';
import { canPreview, precheckFile, type PrecheckProblem } from './upload-precheck';
import { UploadCancelledError, UploadError, uploadFile } from './upload-request';

export type UploadStatus = 'queued' | 'uploading' | 'done' | 'failed' | 'cancelled' | 'refused';

export type UploadProblem = { precheck: PrecheckProblem } | { status: number; message: string };

export interface UploadItem {
  key: string;
  /** Idempotency-Key of this file's upload, kept across its retries (a retry never stores it twice). */
  idempotencyKey: string;
  file: File;
  status: UploadStatus;
  /** 0..1 */
  progress: number;
  result?: UploadedFile;
  problem?: UploadProblem;
  previewUrl?: string;
}

/** Uploads at once; more wait their turn (phones on mobile data). */
export const MAX_PARALLEL_UPLOADS = 2;

type Action =
  | { type: 'add'; items: UploadItem[] }
  | { type: 'start'; key: string }
  | { type: 'progress'; key: string; progress: number }
  | { type: 'done'; key: string; result: UploadedFile }
  | { type: 'failed'; key: string; problem: UploadProblem }
  | { type: 'cancelled'; key: string }
  | { type: 'retry'; key: string }
  | { type: 'remove'; key: string };

function update(items: UploadItem[], key: string, patch: Partial<UploadItem>): UploadItem[] {
  return items.map((item) => (item.key === key ? { ...item, ...patch } : item));
}

function reducer(items: UploadItem[], action: Action): UploadItem[] {
  switch (action.type) {
    case 'add':
      return [...items, ...action.items];
    case 'start':
      return update(items, action.key, { status: 'uploading', progress: 0, problem: undefined });
    case 'progress':
      return update(items, action.key, { progress: action.progress });
    case 'done':
      return update(items, action.key, { status: 'done', progress: 1, result: action.result });
    case 'failed':
      return update(items, action.key, { status: 'failed', problem: action.problem });
    case 'cancelled':
      return update(items, action.key, { status: 'cancelled' });
    case 'retry':
      return update(items, action.key, { status: 'queued', progress: 0, problem: undefined });
    case 'remove':
      return items.filter((item) => item.key !== action.key);
  }
}

let sequence = 0;

/**
 * The widget's state: files in, per-file status and progress, cancel, retry and remove; at most
 * MAX_PARALLEL_UPLOADS run at a time. Preview object URLs are revoked when a file is removed and
 * when the widget unmounts; uploads still running then are cancelled.
 */
export function useUploadQueue(kind: FileKind, customerId: string | undefined) {
  const [items, dispatch] = useReducer(reducer, []);
  const controllers = useRef(new Map<string, AbortController>());
  const previews = useRef(new Map<string, string>());

  const add = useCallback(
    (files: Iterable<File>) => {
      const added: UploadItem[] = [];
      for (const file of files) {
        const key = `upload-${++sequence}`;
        const problem = precheckFile(kind, file);
        let previewUrl: string | undefined;
        if (!problem && canPreview(file) && typeof URL.createObjectURL === 'function') {
          previewUrl = URL.createObjectURL(file);
          previews.current.set(key, previewUrl);
        }
        added.push({
          key,
          idempotencyKey: crypto.randomUUID(),
          file,
          status: problem ? 'refused' : 'queued',
          progress: 0,
          ...(problem ? { problem: { precheck: problem } } : {}),
          ...(previewUrl ? { previewUrl } : {}),
        });
      }
      if (added.length) dispatch({ type: 'add', items: added });
    },
    [kind],
  );

  const start = useCallback(
    (item: UploadItem) => {
      const controller = new AbortController();
      controllers.current.set(item.key, controller);
      dispatch({ type: 'start', key: item.key });
      uploadFile(kind, item.file, {
        customerId,
        idempotencyKey: item.idempotencyKey,
        signal: controller.signal,
        onProgress: (progress) => dispatch({ type: 'progress', key: item.key, progress }),
      })
        .then((result) => dispatch({ type: 'done', key: item.key, result }))
        .catch((error: unknown) => {
          if (error instanceof UploadCancelledError) dispatch({ type: 'cancelled', key: item.key });
          else if (error instanceof UploadError) dispatch({ type: 'failed', key: item.key, problem: { status: error.status, message: error.message } });
          else dispatch({ type: 'failed', key: item.key, problem: { status: 0, message: '' } });
        })
        .finally(() => {
          if (controllers.current.get(item.key) === controller) controllers.current.delete(item.key);
        });
    },
    [kind, customerId],
  );

  useEffect(() => {
    let running = items.filter((item) => item.status === 'uploading').length;
    for (const item of items) {
      if (running >= MAX_PARALLEL_UPLOADS) break;
      if (item.status !== 'queued') continue;
      start(item);
      running++;
    }
  }, [items, start]);

  const cancel = useCallback((key: string) => {
    const controller = controllers.current.get(key);
    if (controller) controller.abort();
    else dispatch({ type: 'cancelled', key });
  }, []);

  const retry = useCallback((key: string) => dispatch({ type: 'retry', key }), []);

  const remove = useCallback((key: string) => {
    controllers.current.get(key)?.abort();
    const url = previews.current.get(key);
    if (url) {
      URL.revokeObjectURL(url);
      previews.current.delete(key);
    }
    dispatch({ type: 'remove', key });
  }, []);

  useEffect(() => {
    const running = controllers.current;
    const urls = previews.current;
    return () => {
      for (const controller of running.values()) controller.abort();
      for (const url of urls.values()) URL.revokeObjectURL(url);
      urls.clear();
    };
  }, []);

  return { items, add, cancel, retry, remove };
}
