import { Link } from 'react-router-dom';
import { ConnectionStatus } from '../../components/connection-status';
import { ButtonLink } from '../../components/ui/button';
import { VaultMark } from '../../components/vault-mark';
import { paths } from '../../lib/paths';

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
export function AdminHeader({ back, live = false }: { back: { to: string; label: string }; live?: boolean }) {
  return (
    <header className="sticky top-0 z-10 border-vault-800 border-b bg-vault-950/90 backdrop-blur">
      <div className="mx-auto flex max-w-5xl items-center gap-2 px-4 py-3">
        <ButtonLink to={back.to} variant="ghost" className="-ml-3 px-3">
          <BackIcon />
          {back.label}
        </ButtonLink>
        {live ? <ConnectionStatus className="ml-auto" /> : null}
        <Link to={paths.admin} className={live ? 'ml-2' : 'ml-auto'} aria-label="Admin dashboard">
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
