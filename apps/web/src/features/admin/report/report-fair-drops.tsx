import { useQueryClient } from '@tanstack/react-query';
import type { ReportItem, ShowReport } from '@vault/contracts';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { SuspendBuyingDialog, type SuspendTarget } from '../members/suspend-buying-dialog';
import { reportKey } from './api';
import { ReactionChart } from './charts/reaction-chart';
import {
  drawSummary,
  type FlaggedMember,
  fairDropItems,
  flaggedMembers,
  formatMs,
  memberName,
  pressersSummary,
  saleModeText,
} from './fair-drops-data';
import { itemLabel } from './report-data';

function FlaggedList({ flagged, onSuspend }: { flagged: FlaggedMember[]; onSuspend: (m: SuspendTarget) => void }) {
  if (flagged.length === 0) {
    return <p className="mt-3 text-sm text-steel-400">No press in this show came faster than a person can react.</p>;
  }
  return (
    <ul aria-label="Flagged members" className="mt-3 space-y-2">
      {flagged.map(({ member, fastestMs, items, presses }) => (
        <li
          key={member.id}
          className="flex flex-col gap-2 rounded-2xl border border-vault-700 p-3 sm:flex-row sm:items-center"
        >
          <div className="min-w-0 flex-1">
            <p className="break-words font-semibold text-sm text-white">{memberName(member)}</p>
            <p className="break-all text-steel-400 text-xs">{member.email}</p>
            <p className="mt-0.5 text-steel-300 text-xs">
              Fastest {formatMs(fastestMs)} · {presses} {presses === 1 ? 'press' : 'presses'} · on {items.join(', ')}
            </p>
          </div>
          {member.buyingSuspended ? (
            <Badge variant="destructive">Buying suspended</Badge>
          ) : (
            <Button
              variant="danger"
              className="min-h-10 shrink-0"
              onClick={() => onSuspend(member)}
              aria-label={`Suspend buying for ${memberName(member)}`}
            >
              Suspend buying
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}

function TopPressers({ item }: { item: ReportItem }) {
  const { top } = item.pressers;
  if (top.length === 0) return null;
  return (
    <table className="mt-2 w-full text-left text-sm">
      <caption className="sr-only">Most presses on {item.title}, per member</caption>
      <thead className="text-steel-400 text-xs uppercase tracking-widest">
        <tr>
          <th scope="col" className="py-1 pr-3 font-medium">
            Member
          </th>
          <th scope="col" className="py-1 text-right font-medium">
            Presses
          </th>
        </tr>
      </thead>
      <tbody>
        {top.map(({ member, presses }) => (
          <tr key={member.id} className="border-vault-800 border-t">
            <td className="break-all py-1.5 pr-3 text-steel-200">
              {memberName(member)}
              {member.buyingSuspended ? <span className="ml-2 text-red-400 text-xs">suspended</span> : null}
            </td>
            <td className="py-1.5 text-right text-steel-200 tabular-nums">{presses}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function ItemFairDrops({ item }: { item: ReportItem }) {
  const draw = drawSummary(item);
  return (
    <li className="min-w-0 space-y-3 rounded-2xl border border-vault-700 p-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="min-w-0 break-words font-semibold text-sm text-white">
          <span className="text-steel-400">{itemLabel(item)}</span> {item.title}
        </p>
        <Badge variant={item.saleMode === 'draw' ? 'default' : 'secondary'}>{saleModeText(item)}</Badge>
      </div>
      {draw ? (
        <p className="text-sm text-steel-300">
          Draw: {draw}
          {item.draw ? (
            <>
              {' · '}
              <Link to={item.draw.path} className="text-brass-400 underline underline-offset-2">
                Public record
              </Link>
            </>
          ) : null}
        </p>
      ) : null}
      <ReactionChart item={item} />
      <div>
        <p className="text-sm text-steel-300">{pressersSummary(item)}</p>
        <TopPressers item={item} />
      </div>
    </li>
  );
}

/**
 * Fair drops: per item how fast its presses came after the reveal reached each member (a histogram
 * with its table), who pressed how often and its draw; and the members faster than a person, each
 * with Suspend buying (the reason asked in a dialog; the report refreshes once it is done).
 */
export function ReportFairDrops({ report }: { report: ShowReport }) {
  const queryClient = useQueryClient();
  const [suspending, setSuspending] = useState<SuspendTarget | null>(null);
  const items = fairDropItems(report);
  const flagged = flaggedMembers(report);
  const count = report.totals.flaggedMembers;
  return (
    <section aria-labelledby="fair-drops-title" className="rounded-3xl border border-vault-700 bg-vault-900 p-4 sm:p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="fair-drops-title" className="font-display text-white text-xl">
          Fair drops
        </h2>
        <p className="text-sm text-steel-400 tabular-nums">
          {count === 0 ? 'Nobody flagged' : `${count} ${count === 1 ? 'member' : 'members'} flagged`}
        </p>
      </div>
      <h3 className="mt-4 font-semibold text-steel-200 text-xs uppercase tracking-widest">Faster than a person</h3>
      <FlaggedList flagged={flagged} onSuspend={setSuspending} />
      <h3 className="mt-5 font-semibold text-steel-200 text-xs uppercase tracking-widest">Per item</h3>
      {items.length === 0 ? (
        <p className="mt-3 text-sm text-steel-400">No presses recorded yet.</p>
      ) : (
        <ul aria-label="Fair drops per item" className="mt-3 space-y-3">
          {items.map((item) => (
            <ItemFairDrops key={item.id} item={item} />
          ))}
        </ul>
      )}
      <SuspendBuyingDialog
        member={suspending}
        onClose={() => setSuspending(null)}
        onSuspended={() => void queryClient.invalidateQueries({ queryKey: reportKey(report.show.id) })}
      />
    </section>
  );
}
