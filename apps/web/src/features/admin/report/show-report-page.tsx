import type { ShowReport } from '@vault/contracts';
import { useParams } from 'react-router-dom';
import { Badge } from '../../../components/ui/badge';
import { buttonClass } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { AdminHeader } from '../admin-header';
import { showStatusVariant } from '../shared/display';
import { formatLaunchTime } from '../shows/schedule';
import { LIVE_REFRESH_MS, reportCsvUrl, useShowReport } from './api';
import { AttemptsChart } from './charts/attempts-chart';
import { RevenueChart } from './charts/revenue-chart';
import { SellThroughChart } from './charts/sell-through-chart';
import { TimeToSaleChart } from './charts/time-to-sale-chart';
import { WatchersChart } from './charts/watchers-chart';
import { ReportAfterSale } from './report-after-sale';
import { formatClock, isLive } from './report-data';
import { ReportFairDrops } from './report-fair-drops';
import { ReportRefusals } from './report-refusals';
import { ReportTimeline } from './report-timeline';
import { ReportTotals } from './report-totals';

function DownloadIcon() {
  return (
    <svg viewBox="0 0 20 20" className="size-4" aria-hidden="true">
      <path
        d="M10 3v9m0 0l-3.5-3.5M10 12l3.5-3.5M4 15.5h12"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function ReportHeading({ report }: { report: ShowReport }) {
  const { show } = report;
  const live = isLive(show.status);
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div className="min-w-0">
        <p className="font-semibold text-brass-400 text-xs uppercase tracking-[0.3em]">Show report</p>
        <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1">
          <h1 className="min-w-0 break-words font-display text-3xl text-white sm:text-4xl">{show.title}</h1>
          <Badge variant={showStatusVariant(show.status)}>{show.status}</Badge>
        </div>
        <p className="mt-1 text-sm text-steel-400">
          Launch: {formatLaunchTime(show.launchTime)}
          {show.startedAt ? ` · Started ${formatClock(show.startedAt)}` : ''}
          {show.completedAt ? ` · Completed ${formatClock(show.completedAt)}` : ''}
        </p>
        {live ? (
          <p className="mt-1 text-brass-400 text-xs" role="status">
            Live: refreshing every {LIVE_REFRESH_MS / 1000} seconds
          </p>
        ) : null}
      </div>
      {/* A plain link: the browser downloads the file itself, with the session cookie. */}
      <a href={reportCsvUrl(show.id)} download className={buttonClass('secondary', 'w-full sm:w-auto')}>
        <DownloadIcon />
        Export CSV
      </a>
    </div>
  );
}

function ReportBody({ report }: { report: ShowReport }) {
  return (
    <div className="space-y-6">
      <ReportHeading report={report} />
      <ReportTotals report={report} />
      <section aria-labelledby="charts-title">
        <h2 id="charts-title" className="sr-only">
          Charts
        </h2>
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          <SellThroughChart report={report} />
          <RevenueChart report={report} />
          <TimeToSaleChart report={report} />
          <AttemptsChart report={report} />
          <div className="min-w-0 lg:col-span-2">
            <WatchersChart report={report} />
          </div>
        </div>
      </section>
      <ReportAfterSale afterSale={report.afterSale} />
      <ReportRefusals report={report} />
      <ReportFairDrops report={report} />
      <ReportTimeline entries={report.timeline} />
    </div>
  );
}

/** Why the report could not be shown, in words an admin can act on. */
function failureText(error: Error): string {
  if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return 'This show was not found.';
  return 'Could not load the report. Please refresh the page.';
}

/**
 * /admin/shows/:showId: one show's timeline and report (totals, charts, after the sale, fair drops,
 * CSV), live or past.
 */
export function ShowReportPage() {
  const { showId = '' } = useParams();
  const report = useShowReport(showId);
  return (
    <div className="min-h-dvh">
      <AdminHeader back={{ to: paths.admin, label: 'Back to Admin' }} />
      <main className="mx-auto max-w-5xl px-4 pt-6 pb-12">
        {report.isPending ? (
          <p className="text-sm text-steel-400">Loading the report...</p>
        ) : report.isError ? (
          <p role="alert" className="text-sm text-steel-400">
            {failureText(report.error)}
          </p>
        ) : (
          <ReportBody report={report.data} />
        )}
      </main>
    </div>
  );
}
