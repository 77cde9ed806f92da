import { useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { useShows } from '../shows/api';
import { ACTION_FILTERS } from './actions';
import { useAuditLog } from './api';
import { AuditEntryItem } from './audit-entry-item';

const countOf = (n: number) => `${n} ${n === 1 ? 'entry' : 'entries'}`;

/** The Audit Log tab: every admin action, newest first, filtered by kind, older ones a page at a time. */
export function AuditLogTab() {
  const [action, setAction] = useState('');
  const log = useAuditLog(action);
  // Shows are named by their titles where the admin list knows them.
  const shows = useShows();
  const showTitles = useMemo(() => new Map(shows.data?.map((show) => [show.id, show.title])), [shows.data]);
  const entries = useMemo(() => log.data?.pages.flatMap((page) => page.entries) ?? [], [log.data]);

  const status = log.isPending
    ? 'Loading the audit log'
    : log.isError
      ? 'Could not load the audit log'
      : `${countOf(entries.length)} shown${log.hasNextPage ? ', older ones available' : ''}`;

  return (
    <div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <SelectField
          label="Action"
          className="sm:w-72"
          value={action}
          onChange={(event) => setAction(event.target.value)}
          options={ACTION_FILTERS}
        />
        <Button variant="secondary" onClick={() => void log.refetch()} disabled={log.isFetching}>
          Refresh
        </Button>
      </div>
      {/* Read out when the list changes (a filter, a page loaded): the list itself is not live. */}
      <p role="status" className="sr-only">
        {status}
      </p>
      {log.isPending ? (
        <p className="mt-4 text-sm text-steel-400">Loading the audit log...</p>
      ) : log.isError ? (
        <p className="mt-4 text-sm text-steel-400">Could not load the audit log. Please try again.</p>
      ) : entries.length === 0 ? (
        <p className="mt-4 text-sm text-steel-400">
          {action ? 'No actions of this kind recorded yet.' : 'No admin actions recorded yet.'}
        </p>
      ) : (
        <>
          <div
            aria-hidden="true"
            className="mt-4 hidden px-4 font-semibold text-steel-400 text-xs uppercase tracking-widest sm:grid sm:grid-cols-[13.5rem_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)] sm:gap-4"
          >
            <span>When</span>
            <span>Action</span>
            <span>Target</span>
            <span>Admin</span>
          </div>
          <ul aria-label="Audit log" className="mt-2 space-y-2">
            {entries.map((entry) => (
              <AuditEntryItem key={entry.id} entry={entry} showTitles={showTitles} />
            ))}
          </ul>
          <div className="mt-4 flex justify-center">
            {log.hasNextPage ? (
              <Button
                variant="secondary"
                onClick={() => void log.fetchNextPage()}
                disabled={log.isFetchingNextPage}
                className="w-full sm:w-auto"
              >
                {log.isFetchingNextPage ? 'Loading...' : 'Load more'}
              </Button>
            ) : (
              <p className="text-sm text-steel-400">That is the oldest entry.</p>
            )}
          </div>
        </>
      )}
    </div>
  );
}
