import { Link } from 'react-router-dom';
import { ButtonLink } from '../../../components/ui/button';
import { VaultMark } from '../../../components/vault-mark';
import type { Connection } from '../../../lib/live-show/store';
import { paths } from '../../../lib/paths';

const indicator = {
  live: { label: 'Live', dot: 'bg-emerald-400' },
  reconnecting: { label: 'Reconnecting…', dot: 'bg-amber-400 animate-pulse' },
  polling: { label: 'Reconnecting…', dot: 'bg-amber-400 animate-pulse' },
  connecting: { label: 'Connecting…', dot: 'bg-steel-400 animate-pulse' },
} as const;

function BackIcon() {
  return (
    <svg viewBox="0 0 20 20" className="size-4" aria-hidden="true">
      <path
        d="M12.5 4.5L7 10l5.5 5.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** The admin area's header: the way back, the vault mark and (on /admin) the live connection. */
export function AdminHeader({ back, connection }: { back: { to: string; label: string }; connection?: Connection }) {
  const status = connection ? indicator[connection] : null;
  return (
    <header className="sticky top-0 z-10 border-vault-800 border-b bg-vault-950/90 backdrop-blur">
      <div className="mx-auto flex max-w-5xl items-center gap-2 px-4 py-3">
        <ButtonLink to={back.to} variant="ghost" className="-ml-3 px-3">
          <BackIcon />
          {back.label}
        </ButtonLink>
        {status ? (
          <span
            className="ml-auto flex items-center gap-1.5 text-steel-400 text-xs"
            role="status"
            aria-label={`Connection: ${status.label}`}
          >
            <span className={`size-2 rounded-full ${status.dot}`} aria-hidden="true" />
            <span className="hidden sm:inline">{status.label}</span>
          </span>
        ) : null}
        <Link to={paths.admin} className={status ? 'ml-2' : 'ml-auto'} aria-label="Admin dashboard">
          <VaultMark className="size-9" />
        </Link>
      </div>
    </header>
  );
}

/** The eyebrow and title every admin page opens with. */
export function AdminTitle({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <div>
      <p className="font-semibold text-brass-400 text-xs uppercase tracking-[0.3em]">Vault admin</p>
      <h1 className="mt-1 font-display text-3xl text-white sm:text-4xl">{title}</h1>
      {subtitle ? <p className="mt-1 text-sm text-steel-400">{subtitle}</p> : null}
    </div>
  );
}
