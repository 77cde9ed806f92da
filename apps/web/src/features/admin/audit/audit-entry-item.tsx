import type { AuditEntry } from '@vault/contracts';
import { Link } from 'react-router-dom';
import { showReportPath } from '../report/paths';
import { actionLabel, targetName } from './actions';

/** Local time, to the second: the log says exactly when. */
const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'medium' });

/** Ids are long: the first eight characters tell them apart on screen; the whole one is in the title. */
const shortId = (id: string) => (id.length > 12 ? id.slice(0, 8) : id);

function Target({ entry, showTitles }: { entry: AuditEntry; showTitles: ReadonlyMap<string, string> }) {
  if (!entry.targetType) return <span className="text-steel-400">—</span>;
  const kind = targetName(entry.targetType);
  const id = entry.targetId;
  if (!id) return <span>{kind}</span>;
  if (entry.targetType === 'show') {
    return (
      <span>
        {kind}{' '}
        <Link
          to={showReportPath(id)}
          className="break-words font-medium text-brass-400 underline underline-offset-2 hover:text-brass-300"
        >
          {showTitles.get(id) ?? shortId(id)}
        </Link>
      </span>
    );
  }
  return (
    <span>
      {kind}{' '}
      <span title={id} className="font-mono text-steel-200">
        {shortId(id)}
      </span>
    </span>
  );
}

/** The call's parameters, body and result, shown only when asked for. */
function Details({ entry, label, at }: { entry: AuditEntry; label: string; at: string }) {
  const { params, body, resultId } = entry.details;
  const parts: Array<[string, unknown]> = [
    ['Path', params],
    ['Request', body],
    ['Result id', resultId],
  ];
  const shown = parts.filter(([, value]) => value !== undefined);
  return (
    <details className="mt-1">
      <summary className="-ml-2 inline-flex min-h-9 cursor-pointer items-center rounded-lg px-2 text-sm text-steel-400 hover:text-steel-200 focus:outline-none focus-visible:ring-2 focus-visible:ring-brass-500/50">
        Details
        <span className="sr-only">
          {' '}
          of {label}, {at}
        </span>
      </summary>
      {shown.length === 0 ? (
        <p className="mt-1 px-2 text-sm text-steel-400">Nothing more was recorded.</p>
      ) : (
        <dl className="mt-1 space-y-2 rounded-xl bg-vault-950 p-3 text-xs">
          {shown.map(([name, value]) => (
            <div key={name}>
              <dt className="font-semibold text-steel-400 uppercase tracking-wider">{name}</dt>
              <dd>
                <pre className="mt-0.5 whitespace-pre-wrap break-all font-mono text-steel-200">
                  {typeof value === 'string' ? value : JSON.stringify(value, null, 2)}
                </pre>
              </dd>
            </div>
          ))}
        </dl>
      )}
    </details>
  );
}

/**
 * One record: what was done, to what, by whom, when. A card on a phone; on wider screens its
 * parts line up in columns with the other records.
 */
export function AuditEntryItem({ entry, showTitles }: { entry: AuditEntry; showTitles: ReadonlyMap<string, string> }) {
  const label = actionLabel(entry.action);
  const at = when(entry.at);
  return (
    <li className="rounded-2xl border border-vault-700 bg-vault-900 px-4 pt-3 pb-1.5">
      <div className="grid grid-cols-1 gap-1 sm:grid-cols-[13.5rem_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)] sm:items-baseline sm:gap-4">
        <p className="font-semibold text-white sm:order-2">{label}</p>
        <p className="text-sm text-steel-200 sm:order-3">
          <Target entry={entry} showTitles={showTitles} />
        </p>
        <p className="break-all text-sm text-steel-400 sm:order-4">
          <span className="sr-only">by </span>
          {entry.admin.email}
        </p>
        <p className="text-steel-400 text-xs tabular-nums sm:order-1 sm:text-sm">
          <time dateTime={entry.at}>{at}</time>
        </p>
      </div>
      <Details entry={entry} label={label} at={at} />
    </li>
  );
}
