import { lazy, Suspense } from 'react';
import { Navigate } from 'react-router-dom';
import { Spinner } from '../../../components/ui/spinner';
import { useCurrentUser } from '../../../hooks/use-current-user';
import { paths } from '../../../lib/paths';

// The charts library is large and only admins open reports: the page loads in its own chunk.
const ShowReportPage = lazy(() => import('./show-report-page').then((m) => ({ default: m.ShowReportPage })));

/** /admin/shows/:showId: the report for admins; everyone else is sent to /show, as from /admin/shows. */
export function ShowReportRoute() {
  if (useCurrentUser().data?.role !== 'admin') return <Navigate to={paths.show} replace />;
  return (
    <Suspense fallback={<Spinner label="Opening the report" />}>
      <ShowReportPage />
    </Suspense>
  );
}
