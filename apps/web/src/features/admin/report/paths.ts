import { paths } from '../../../lib/paths';

// The report's address lives under the Show Manager's: /admin/shows/<showId>.

/** The router's pattern for one show's report page. */
export const showReportRoute = `${paths.adminShows}/:showId`;

/** The report page of one show (live or past). */
export const showReportPath = (showId: string) => `${paths.adminShows}/${encodeURIComponent(showId)}`;
