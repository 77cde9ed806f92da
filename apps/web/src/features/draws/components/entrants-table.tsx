import type { PublicDraw } from '@vault/contracts';
import { useId, useMemo, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { type EntrantRow, entrantRows, FIRST_ROWS, visibleRows } from '../entrants';

function outcomeBadge(row: EntrantRow) {
  if (row.outcome === 'winner') return <Badge>Winner</Badge>;
  if (row.outcome === 'declined') return <Badge variant="destructive">Declined</Badge>;
  return row.outcome === 'skipped' ? <Badge variant="secondary">Passed over</Badge> : null;
}

/**
 * The entrants, in the drawn order once published: a long list stays usable on a phone (the first
 * FIRST_ROWS, Show all on request) and any entry can be found by its number.
 */
export function EntrantsTable({ draw }: { draw: PublicDraw }) {
  const rows = useMemo(() => entrantRows(draw), [draw]);
  const [query, setQuery] = useState('');
  const [showAll, setShowAll] = useState(false);
  const searchId = useId();
  const tableId = useId();
  const shown = visibleRows(rows, { query, showAll });
  const ordered = draw.order.length > 0;

  if (rows.length === 0) {
    return (
      <p className="text-sm text-steel-400">
        {draw.status === 'open' ? 'The entrants are published with the seed.' : 'Nobody entered this draw.'}
      </p>
    );
  }
  return (
    <div>
      <p className="text-sm text-steel-400">
        {rows.length.toLocaleString('en-US')} {rows.length === 1 ? 'entrant' : 'entrants'}
        {ordered ? ', in the order the seed gives them.' : ', by entry number.'} Pseudonyms name an entrant in this draw
        only.
      </p>
      <div className="mt-3 max-w-xs">
        <label htmlFor={searchId} className="mb-1.5 block font-medium text-sm text-steel-200">
          Find an entry number
        </label>
        <input
          id={searchId}
          type="search"
          inputMode="numeric"
          autoComplete="off"
          placeholder="e.g. 17"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          aria-controls={tableId}
          className="block min-h-11 w-full rounded-xl border border-vault-600 bg-vault-950 px-3.5 text-base text-white placeholder:text-vault-600 focus:border-brass-500 focus:outline-none focus:ring-2 focus:ring-brass-500/30 sm:text-sm"
        />
      </div>
      <p className="sr-only" aria-live="polite">
        {shown.searching ? (shown.rows.length > 0 ? 'Entry found' : 'No such entry in this draw') : ''}
      </p>
      <div className="mt-3 overflow-x-auto rounded-xl border border-vault-700">
        <table id={tableId} className="w-full text-left text-sm">
          <caption className="sr-only">Entrants{ordered ? ' in the drawn order' : ''}</caption>
          <thead className="bg-vault-800 text-steel-400 text-xs uppercase tracking-wider">
            <tr>
              {ordered ? (
                <th scope="col" className="px-3 py-2 font-semibold">
                  Place
                </th>
              ) : null}
              <th scope="col" className="px-3 py-2 font-semibold">
                Entry
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                Pseudonym
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-vault-800">
            {shown.rows.map((row) => (
              <tr key={row.entryNumber} className={row.outcome === 'winner' ? 'bg-brass-500/10' : undefined}>
                {ordered ? <td className="px-3 py-2 text-steel-400 tabular-nums">{row.position}</td> : null}
                <th scope="row" className="px-3 py-2 font-mono font-normal text-white tabular-nums">
                  #{row.entryNumber}
                </th>
                {/* The outcome beside the name, not in a column of its own: the table fits a phone. */}
                <td className="px-3 py-2">
                  <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                    <span className="break-words">{row.pseudonym}</span>
                    {outcomeBadge(row)}
                  </span>
                </td>
              </tr>
            ))}
            {shown.searching && shown.rows.length === 0 ? (
              <tr>
                <td colSpan={ordered ? 3 : 2} className="px-3 py-3 text-steel-400">
                  No entry #{query.replace(/\D/g, '')} in this draw.
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
      {!shown.searching && rows.length > FIRST_ROWS ? (
        <Button
          variant="secondary"
          className="mt-3"
          aria-controls={tableId}
          aria-expanded={showAll}
          onClick={() => setShowAll((all) => !all)}
        >
          {showAll ? `Show the first ${FIRST_ROWS}` : `Show all ${rows.length.toLocaleString('en-US')}`}
        </Button>
      ) : null}
    </div>
  );
}
