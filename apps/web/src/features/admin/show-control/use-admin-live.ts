import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLiveShow } from '../../../lib/live-show/store';
import { useLiveShowFeed } from '../../../lib/live-show/use-live-show-feed';
import { showMoved } from '../../../lib/live-show/view';
import { showItemsKey } from '../show-items/api';
import { showsKey } from '../shows/api';

/** The admin page's fallback: it polls the show state (and the watcher count) every 2 s while the socket is down. */
const POLL_MS = 2000;

/**
 * Feeds the live-show store for the admin page. When the show moves on (another show, another
 * step), the lists that mirror its statuses refresh.
 */
export function useAdminLive() {
  useLiveShowFeed({ pollMs: POLL_MS, watchers: true });
  const queryClient = useQueryClient();
  useEffect(
    () =>
      useLiveShow.subscribe(({ view }, { view: held }) => {
        if (!view || !held || !showMoved(held, view)) return;
        void queryClient.invalidateQueries({ queryKey: showsKey });
        void queryClient.invalidateQueries({ queryKey: showItemsKey });
      }),
    [queryClient],
  );
}
