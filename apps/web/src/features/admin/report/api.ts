import { useQuery } from '@tanstack/react-query';
import { ShowReport } from '@vault/contracts';
import { api } from '../../../lib/api-client';
import { isLive } from './report-data';

/** While the show is running or paused, the report is read again this often. */
export const LIVE_REFRESH_MS = 5000;

const reportUrl = (showId: string) => `/api/shows/${encodeURIComponent(showId)}/report`;

/** The report's query: refreshed after an act on it (a member's buying suspended from it). */
export const reportKey = (showId: string) => ['/api/shows', showId, 'report'] as const;

/** The CSV export: a plain link, so the browser downloads it with the session cookie. */
export const reportCsvUrl = (showId: string) => `${reportUrl(showId)}.csv`;

/**
 * GET /api/shows/:showId/report, parsed with the contract so a drifted answer fails here rather
 * than as a blank chart. Unlike most reads (cached as never stale, never polled) a report is read
 * afresh each time it is opened, and every 5 s while the show is live: sales, buy presses and
 * watcher samples keep arriving.
 */
export function useShowReport(showId: string) {
  return useQuery({
    queryKey: reportKey(showId),
    queryFn: async () => ShowReport.parse(await api.get<unknown>(reportUrl(showId))),
    staleTime: 0,
    refetchOnMount: 'always',
    refetchInterval: (query) => (isLive(query.state.data?.show.status) ? LIVE_REFRESH_MS : false),
  });
}
