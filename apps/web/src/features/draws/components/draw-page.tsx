import type { DrawStatus, PublicDraw } from '@vault/contracts';
import { Link, useParams } from 'react-router-dom';
import { Button, ButtonLink } from '../../../components/ui/button';
import { VaultMark } from '../../../components/vault-mark';
import { useCurrentUser } from '../../../hooks/use-current-user';
import { ApiError, serverMessage } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { isItemId, usePublicDraw } from '../api';
import { drawText, statusLabels } from '../text';
import { RecordSection, ResultSection, SeedSections } from './draw-record';
import { EntrantsTable } from './entrants-table';
import { VerificationPanel } from './verification-panel';

const statusTones: Record<DrawStatus, string> = {
  open: 'border-brass-500/50 text-brass-400',
  drawing: 'border-brass-500/50 text-brass-400',
  drawn: 'border-emerald-500/50 text-emerald-300',
  no_winner: 'border-vault-600 text-steel-200',
  cancelled: 'border-vault-600 text-steel-400',
};

/**
 * /draws/:showItemId — a draw's public record, for anyone (no sign-in): the commitment published at
 * the reveal, the seed once the window has closed, the rule, the entrants in the drawn order and
 * the outcome, checked by the page itself in the reader's browser.
 */
export function DrawPage() {
  const { showItemId } = useParams();
  const draw = usePublicDraw(showItemId);

  let body: React.ReactNode;
  if (!isItemId(showItemId)) {
    body = <Problem title={drawText.notFound} />;
  } else if (draw.isPending) {
    body = (
      <p role="status" className="text-steel-400">
        Loading the draw…
      </p>
    );
  } else if (draw.isError) {
    const missing = draw.error instanceof ApiError && draw.error.status === 404;
    body = missing ? (
      <Problem title={serverMessage(draw.error) ?? drawText.notFound} />
    ) : (
      <Problem title={drawText.loadFailed} detail={serverMessage(draw.error) ?? 'Check your connection and try again.'}>
        <Button variant="secondary" className="mt-4" onClick={() => void draw.refetch()} disabled={draw.isFetching}>
          Try again
        </Button>
      </Problem>
    );
  } else {
    body = <DrawRecord draw={draw.data} />;
  }
  return (
    <div className="min-h-dvh">
      <DrawHeader />
      <main className="mx-auto max-w-3xl px-4 py-6">{body}</main>
    </div>
  );
}

function DrawRecord({ draw }: { draw: PublicDraw }) {
  return (
    <article className="space-y-4">
      <header>
        <p className="text-brass-400 text-xs uppercase tracking-[0.3em]">Public draw record · {draw.showTitle}</p>
        <h1 className="mt-2 break-words font-display text-3xl text-white">{draw.itemTitle}</h1>
        <p className="mt-2">
          <span
            className={`inline-flex items-center rounded-full border px-2.5 py-0.5 font-semibold text-xs ${statusTones[draw.status]}`}
          >
            {statusLabels[draw.status]}
          </span>
        </p>
      </header>
      <VerificationPanel draw={draw} />
      <ResultSection draw={draw} />
      <SeedSections draw={draw} />
      <RecordSection id="draw-rule" title="The rule">
        <p className="leading-relaxed">{draw.rule}</p>
        <p className="mt-2 text-steel-400">
          The check above needs nothing from us: the seed, the entry numbers and this rule are all it takes to redo it
          anywhere.
        </p>
      </RecordSection>
      <RecordSection id="draw-entrants" title="Entrants">
        <EntrantsTable draw={draw} />
      </RecordSection>
    </article>
  );
}

function Problem({ title, detail, children }: { title: string; detail?: string; children?: React.ReactNode }) {
  return (
    <div className="rounded-3xl border border-vault-700 bg-vault-900 p-8 text-center">
      <h1 className="font-display text-2xl text-white">{title}</h1>
      {detail ? <p className="mt-2 text-sm text-steel-400">{detail}</p> : null}
      {children}
    </div>
  );
}

/** The mark home, and the way back to the show for a member (a visitor is offered to sign in). */
function DrawHeader() {
  const user = useCurrentUser().data;
  return (
    <header className="border-vault-800 border-b bg-vault-950/90">
      <div className="mx-auto flex max-w-3xl items-center gap-2 px-4 py-3">
        <Link to={paths.home} className="flex items-center gap-2" aria-label="The Vault">
          <VaultMark className="size-9" />
        </Link>
        <ButtonLink to={user ? paths.show : paths.login} variant="ghost" className="ml-auto min-h-10 px-3">
          {user ? 'Back to the show' : 'Sign in'}
        </ButtonLink>
      </div>
    </header>
  );
}
