import { useEffect, useState } from 'react';
import { FILES_ENDPOINTS } from '@grove/shared';
import { downloadEndpoint } from '../../app/endpoint-client';

/**
 * An object URL for a stored file (`/api/Files/{id}/content`), fetched with the session's token
 * (an <img src> cannot send it). Revoked when the id changes or the component goes away.
 */
export function useAuthedFileUrl(fileId: string | null | undefined, variant: 'thumb' | 'web' | 'original' = 'thumb'): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!fileId) {
      setUrl(null);
      return;
    }
    let cancelled = false;
    let created: string | null = null;
    downloadEndpoint(FILES_ENDPOINTS.content, { params: { id: fileId }, query: { variant } })
      .then(({ blob }) => {
        if (cancelled || typeof URL.createObjectURL !== 'function') return;
        created = URL.createObjectURL(blob);
        setUrl(created);
      })
      .catch(() => {
        // No photo then: the initials show instead.
      });
    return () => {
      cancelled = true;
      if (created) URL.revokeObjectURL(created);
    };
  }, [fileId, variant]);
  return url;
}
