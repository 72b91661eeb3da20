import { useEffect, useState } from 'react';
import { apiDownload } from '../../../app/api-client';

/**
 * File content needs the Bearer token, which an <img src> cannot send: fetch it with the token
 * and show it through an object URL, revoked when the image goes away.
 */
export function useFileObjectUrl(path: string | null): { url: string | null; failed: boolean } {
  const [state, setState] = useState<{ path: string | null; url: string | null; failed: boolean }>({ path: null, url: null, failed: false });

  useEffect(() => {
    if (!path) return;
    let cancelled = false;
    let objectUrl: string | null = null;
    apiDownload(path)
      .then(({ blob }) => {
        if (cancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setState({ path, url: objectUrl, failed: false });
      })
      .catch(() => {
        if (!cancelled) setState({ path, url: null, failed: true });
      });
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [path]);

  return state.path === path ? { url: state.url, failed: state.failed } : { url: null, failed: false };
}
