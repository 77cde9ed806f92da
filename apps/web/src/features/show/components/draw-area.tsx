import { type CurrentDraw, type CurrentItem, drawMessages } from '@vault/contracts';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { drawPath } from '../../../lib/paths';
import { type DrawStage, shortHash } from '../draw-state';
import type { PurchaseArea as AreaKind } from '../purchase-state';
import { useBuy } from '../use-buy';
import { NotBuyable } from './purchase-area';

export const DRAW_TEXT = {
  enter: 'Enter the draw',
  entering: 'Entering…',
  entered: (entryNumber: number) => `You're in (entry #${entryNumber})`,
  drawing: 'Drawing…',
  lost: 'The draw is over — this knife went to another entrant',
  noWinner: 'The draw closed with no winner',
  cancelled: 'This draw was cancelled',
  howChecked: 'How this draw is checked',
  record: 'See the public record of the draw',
} as const;

/**
 * The purchase area of a draw item: Enter the draw (with what entering agrees to) until the member
 * is in, then their entry number; Drawing… once the window closes; then the outcome for them. The
 * commitment to the draw's seed shows throughout, with the way to check the draw. The winner's
 * You own this item! and everyone's Sold are the item panel's, as for any sale.
 */
export function DrawArea(props: {
  item: CurrentItem;
  draw: CurrentDraw;
  stage: DrawStage;
  kind: AreaKind;
  stale: boolean;
  refusal: string | undefined;
}) {
  const { item, draw } = props;
  return (
    <div className="space-y-3">
      {/* One polite region for every stage, so a screen reader hears the entry and the outcome. */}
      <div aria-live="polite">
        <StageBody {...props} />
      </div>
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-steel-400 text-xs">
        <span>
          Draw commitment{' '}
          <code className="draw-hash text-steel-200" title={draw.commitment}>
            {shortHash(draw.commitment)}
          </code>
        </span>
        <span aria-hidden="true">·</span>
        <Link to={drawPath(item.id)} className="text-brass-400 underline underline-offset-2 hover:text-brass-500">
          {DRAW_TEXT.howChecked}
        </Link>
      </p>
    </div>
  );
}

function StageBody({ item, stage, kind, stale, refusal }: Parameters<typeof DrawArea>[0]) {
  switch (stage.stage) {
    case 'open':
      if (stage.entryNumber !== null) {
        return (
          <Notice tone="in" title={DRAW_TEXT.entered(stage.entryNumber)}>
            The winner is drawn when the window closes.
          </Notice>
        );
      }
      return <EnterControl item={item} kind={kind} stale={stale} refusal={refusal} />;
    case 'drawing':
      return (
        <Notice tone="wait" title={DRAW_TEXT.drawing}>
          {stage.entryNumber !== null ? `Your entry #${stage.entryNumber} is in the draw.` : 'Entries are closed.'}
        </Notice>
      );
    case 'lost':
      return (
        <Notice tone="plain" title={DRAW_TEXT.lost}>
          <Link to={drawPath(item.id)} className="text-brass-400 underline underline-offset-2 hover:text-brass-500">
            {DRAW_TEXT.record}
          </Link>
        </Notice>
      );
    case 'no_winner':
      return <Notice tone="plain" title={DRAW_TEXT.noWinner} />;
    case 'cancelled':
      return <Notice tone="plain" title={DRAW_TEXT.cancelled} />;
    default:
      // won (the panel says You own this item!) and sold (the panel's Sold): nothing more to say.
      return null;
  }
}

/** Enter the draw for a member who may; else why not, as the Buy Now area says it. */
function EnterControl({
  item,
  kind,
  stale,
  refusal,
}: {
  item: CurrentItem;
  kind: AreaKind;
  stale: boolean;
  refusal: string | undefined;
}) {
  const { buy, pendingItemId } = useBuy();
  if (kind !== 'buy') return <NotBuyable kind={kind} refusal={refusal} />;
  const pending = pendingItemId === item.id;
  const describedBy = stale ? 'draw-agreement draw-stale-note' : 'draw-agreement';
  return (
    <div>
      <Button
        variant={stale ? 'secondary' : 'primary'}
        className={`min-h-14 w-full text-base ${stale ? 'opacity-60' : ''}`}
        disabled={pending}
        aria-busy={pending}
        aria-describedby={describedBy}
        data-stale={stale ? 'true' : undefined}
        onClick={() => void buy(item.id)}
      >
        {pending ? DRAW_TEXT.entering : DRAW_TEXT.enter}
      </Button>
      <p id="draw-agreement" className="mt-2 text-center text-steel-400 text-xs leading-relaxed">
        {drawMessages.agreement}
      </p>
      {stale ? (
        <p id="draw-stale-note" className="mt-1 text-center text-amber-300 text-sm">
          Reconnecting… the draw may already have closed.
        </p>
      ) : null}
    </div>
  );
}

const tones = {
  in: 'border-emerald-500/40 bg-emerald-950/50 text-emerald-100',
  wait: 'border-brass-500/40 bg-brass-500/5 text-steel-200',
  plain: 'border-vault-600 bg-vault-900 text-steel-200',
} as const;

function Notice({ tone, title, children }: { tone: keyof typeof tones; title: string; children?: React.ReactNode }) {
  return (
    <div className={`rounded-2xl border px-4 py-3 text-center ${tones[tone]}`}>
      <p className="flex items-center justify-center gap-2 font-semibold text-base text-white">
        {tone === 'wait' ? <span className="draw-spinner" aria-hidden="true" /> : null}
        {title}
      </p>
      {children ? <p className="mt-1 text-sm text-steel-400">{children}</p> : null}
    </div>
  );
}
