import type { PublicDraw } from '@vault/contracts';
import { drawText, formatMoment } from '../text';

/** One titled part of the record, its heading an h2 a screen reader can jump between. */
export function RecordSection({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-vault-700 bg-vault-900 px-4 py-4">
      <h2 id={id} className="font-display text-white text-xl">
        {title}
      </h2>
      <div className="mt-2 text-sm text-steel-200">{children}</div>
    </section>
  );
}

/** A 64-digit hex value in full, breaking anywhere so it never widens a phone's page. */
function Hex({ value }: { value: string }) {
  return <code className="draw-hash mt-1 block rounded-lg bg-vault-950 px-3 py-2 text-brass-400">{value}</code>;
}

/** The commitment and, once the window has closed, the seed it commits to. */
export function SeedSections({ draw }: { draw: PublicDraw }) {
  return (
    <>
      <RecordSection id="draw-commitment" title="Commitment">
        <p className="text-steel-400">
          SHA-256 of the secret seed, published when the item was revealed ({formatMoment(draw.openedAt)}), before
          anyone could enter.
        </p>
        <Hex value={draw.commitment} />
      </RecordSection>
      <RecordSection id="draw-seed" title="Seed">
        {draw.seed === null ? (
          <p>{draw.status === 'cancelled' ? drawText.cancelled : `${drawText.seedLater}.`}</p>
        ) : (
          <>
            <p className="text-steel-400">
              Published when the window closed{draw.closedAt ? ` (${formatMoment(draw.closedAt)})` : ''}: 32 bytes,
              written in hex.
            </p>
            <Hex value={draw.seed} />
          </>
        )}
      </RecordSection>
    </>
  );
}

const entryName = (draw: PublicDraw, entryNumber: number) => {
  const pseudonym = draw.entries.find((e) => e.entryNumber === entryNumber)?.pseudonym;
  return pseudonym ? `entry #${entryNumber} (${pseudonym})` : `entry #${entryNumber}`;
};

/** Who won, who was declined before them, or why there is no winner (yet). */
export function ResultSection({ draw }: { draw: PublicDraw }) {
  let result: React.ReactNode;
  switch (draw.status) {
    case 'open':
      result = draw.closesAt
        ? `Entries are open until ${formatMoment(draw.closesAt)}.`
        : 'Entries are open; the window is paused with the show.';
      break;
    case 'drawing':
      result = 'The window has closed; the entrants are being charged in the drawn order.';
      break;
    case 'drawn':
      result =
        draw.winnerEntryNumber === null ? null : (
          <p className="font-semibold text-base text-white">Winner: {entryName(draw, draw.winnerEntryNumber)}</p>
        );
      break;
    case 'no_winner':
      result =
        draw.entries.length === 0
          ? 'No winner: nobody entered.'
          : "No winner: every entrant's card was declined, in the drawn order.";
      break;
    case 'cancelled':
      result = drawText.cancelled;
      break;
  }
  return (
    <RecordSection id="draw-result" title="Result">
      {typeof result === 'string' ? <p>{result}</p> : result}
      {draw.entryCount !== null ? (
        <p className="mt-1 text-steel-400">
          {draw.entryCount.toLocaleString('en-US')} {draw.entryCount === 1 ? 'entrant' : 'entrants'}
        </p>
      ) : null}
      <PassedOver
        draw={draw}
        entries={draw.declinedEntryNumbers}
        title="Declined before the winner (each agreed, by entering, to be charged if drawn; their cards were declined):"
      />
      <PassedOver
        draw={draw}
        entries={draw.skippedEntryNumbers}
        title="Passed over before the winner (they could no longer buy when their turn came):"
      />
    </RecordSection>
  );
}

function PassedOver({ draw, entries, title }: { draw: PublicDraw; entries: readonly number[]; title: string }) {
  if (entries.length === 0) return null;
  return (
    <div className="mt-3">
      <p className="text-steel-400">{title}</p>
      <ol className="mt-1 list-decimal space-y-0.5 pl-5">
        {entries.map((n) => (
          <li key={n}>{entryName(draw, n)}</li>
        ))}
      </ol>
    </div>
  );
}
