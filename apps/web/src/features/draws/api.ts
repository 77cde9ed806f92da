import { useQuery } from '@tanstack/react-query';
import { PublicDraw } from '@vault/contracts';
import { z } from 'zod';
import { answerError, api } from '../../lib/api-client';

/** While entries are open or the order is being charged, the record is asked for again this often. */
const LIVE_REFRESH_MS = 5000;

export const drawKey = (showItemId: string) => ['/api/draws', showItemId] as const;

/** An item id that cannot be one is not asked about: the page says there is no such draw. */
export const isItemId = (value: string | undefined): value is string => z.uuid().safeParse(value).success;

/**
 * GET /api/draws/:showItemId, public (no session). The answer is checked against the contract: the
 * page verifies what it shows, and a record it cannot read is a failure, not a blank page. Asked
 * for again while the draw is open or drawing, so a reader watching sees the seed when it lands.
 */
export function usePublicDraw(showItemId: string | undefined) {
  return useQuery({
    queryKey: drawKey(showItemId ?? ''),
    queryFn: async () => {
      const body = await api.get<unknown>(`/api/draws/${encodeURIComponent(showItemId ?? '')}`);
      const parsed = PublicDraw.safeParse(body);
      if (!parsed.success) throw answerError(502, '', 'malformed draw record');
      return parsed.data;
    },
    enabled: isItemId(showItemId),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'open' || status === 'drawing' ? LIVE_REFRESH_MS : false;
    },
  });
}
