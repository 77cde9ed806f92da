import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HeartCount, HeartsView } from '@vault/contracts';
import { useRef } from 'react';
import { api, serverMessage } from '../../../lib/api-client';
import { createOrderedRunner } from '../../../lib/in-order';
import { toast } from '../../../lib/toast';
import { heartOf, withCount, withHeart } from '../hearts';

/** GET /api/hearts?showId= through the default query function (the key is the URL). */
export const heartsKey = (showId: string) => [`/api/hearts?showId=${encodeURIComponent(showId)}`] as const;
const heartsMutationKey = (showId: string) => ['heart', showId] as const;
const heartUrl = (showItemId: string) => `/api/hearts/${encodeURIComponent(showItemId)}`;

/** While a preview is on screen, other members' hearts show up within this long. */
const PREVIEW_REFRESH_MS = 15_000;

const inOrder = createOrderedRunner();

/**
 * The hearts of a show's lineup and the member's own. `live` (the lineup preview) refreshes now
 * and then so demand from other members shows; skipped while the member's own toggles are on the
 * wire, whose answers would otherwise be overtaken by an older count.
 */
export function useHearts(showId: string | undefined, { live = false } = {}) {
  const queryClient = useQueryClient();
  return useQuery<HeartsView>({
    queryKey: heartsKey(showId ?? ''),
    enabled: Boolean(showId),
    refetchInterval: () =>
      live && showId && queryClient.isMutating({ mutationKey: heartsMutationKey(showId) }) === 0
        ? PREVIEW_REFRESH_MS
        : false,
  });
}

interface Toggle {
  showItemId: string;
  title: string;
  hearted: boolean;
}

/**
 * Hearts or unhearts an item (PUT/DELETE /api/hearts/:id). The screen changes at once; the
 * requests of one item go out in order, so the last tap is what the server keeps, and only the
 * answer to the last tap replaces the guess. A refusal puts back what the screen showed before
 * that tap, says why, and re-reads the counts.
 */
export function useToggleHeart(showId: string) {
  const queryClient = useQueryClient();
  const key = heartsKey(showId);
  const latest = useRef(new Map<string, number>());
  const taps = useRef(0);
  const isLatest = (showItemId: string, tap: number | undefined) => latest.current.get(showItemId) === tap;

  return useMutation({
    mutationKey: heartsMutationKey(showId),
    mutationFn: ({ showItemId, hearted }: Toggle) =>
      inOrder(showItemId, () =>
        hearted ? api.put<HeartCount>(heartUrl(showItemId), {}) : api.delete<HeartCount>(heartUrl(showItemId)),
      ),
    onMutate: async ({ showItemId, hearted }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = heartOf(queryClient.getQueryData<HeartsView>(key), showItemId);
      queryClient.setQueryData<HeartsView>(key, (view) => view && withHeart(view, showItemId, hearted));
      const tap = ++taps.current;
      latest.current.set(showItemId, tap);
      return { before, tap };
    },
    onSuccess: (answer, { showItemId }, context) => {
      if (!isLatest(showItemId, context?.tap)) return;
      queryClient.setQueryData<HeartsView>(key, (view) => view && withCount(view, answer));
    },
    onError: (error, { showItemId, title, hearted }, context) => {
      toast({
        title: hearted ? `Could not heart ${title}` : `Could not remove your heart from ${title}`,
        description: serverMessage(error) ?? 'Please try again',
        variant: 'destructive',
      });
      if (context && isLatest(showItemId, context.tap)) {
        queryClient.setQueryData<HeartsView>(key, (view) => view && withCount(view, context.before));
      }
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
