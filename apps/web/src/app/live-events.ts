import { useEffect } from 'react';
import { useSession } from './session';

/**
 * Keeps this tab's live event stream open while someone is signed in (decision 020). The stream,
 * the data cache it refreshes and the query keys it knows load only then (live-stream.ts), so the
 * sign-in screen downloads none of them (decision 028).
 */
export function useLiveEvents(): void {
  const { status, user } = useSession();
  const userId = status === 'signedIn' ? (user?.id ?? null) : null;
  useEffect(() => {
    if (!userId) return undefined;
    let stopped = false;
    let connection: { stop(): void } | null = null;
    void import('./live-stream').then((stream) => {
      if (!stopped) connection = stream.startLiveEvents();
    });
    return () => {
      stopped = true;
      connection?.stop();
    };
  }, [userId]);
}
