import { ButtonLink } from '../../components/ui/button';
import { VaultMark } from '../../components/vault-mark';
import { paths } from '../../lib/paths';

const benefits = [
  {
    title: 'First access to limited edition releases',
    body: 'One-off knives from the forge, offered to members before anyone else.',
  },
  { title: 'Priority picks and heart system', body: 'Heart the pieces you want and get first pick when they drop.' },
  { title: 'Vault-only countdown events', body: 'Live shows, one knife at a time, each with its own countdown.' },
];

/** The landing screen: what a visitor sees at /. */
export function LandingPage() {
  return (
    <main className="relative isolate flex min-h-dvh items-center justify-center overflow-hidden px-5 py-12">
      <img
        src="/media/knives/obsidian-drop-point-2.svg"
        alt=""
        className="-z-10 absolute inset-0 h-full w-full object-cover opacity-25 blur-[1px]"
      />
      <div className="-z-10 absolute inset-0 bg-gradient-to-b from-vault-950/70 via-vault-950/90 to-vault-950" />

      <section className="w-full max-w-md rounded-3xl border border-vault-700 bg-vault-900/80 p-7 shadow-2xl backdrop-blur sm:p-9">
        <div className="flex flex-col items-center text-center">
          <VaultMark className="size-14" />
          <p className="mt-5 font-semibold text-brass-400 text-xs uppercase tracking-[0.3em]">Members only</p>
          <h1 className="mt-2 font-display text-4xl text-white">Join the Vault</h1>
          <p className="mt-3 text-sm text-steel-400">Premium knives for collectors and professionals, released live.</p>
        </div>

        <ul className="mt-8 space-y-4">
          {benefits.map((benefit) => (
            <li key={benefit.title} className="flex gap-3">
              <span className="mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full bg-brass-500/15 text-brass-400">
                <svg viewBox="0 0 20 20" className="size-3.5" aria-hidden="true">
                  <path
                    d="M4 10.5l4 4 8-9"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2.5"
                    strokeLinecap="round"
                    strokeLinejoin="round"
                  />
                </svg>
              </span>
              <div>
                <p className="font-medium text-sm text-white">{benefit.title}</p>
                <p className="text-sm text-steel-400">{benefit.body}</p>
              </div>
            </li>
          ))}
        </ul>

        <div className="mt-8 grid gap-3">
          <ButtonLink to={paths.login}>Login</ButtonLink>
          <ButtonLink to={paths.register} variant="secondary">
            Create account
          </ButtonLink>
        </div>

        <p className="mt-6 text-center text-steel-400 text-xs leading-relaxed">
          By joining you agree to our{' '}
          <span className="text-steel-200 underline underline-offset-2">Terms of Service</span> and{' '}
          <span className="text-steel-200 underline underline-offset-2">Privacy Policy</span>. Purchases are for adults
          of legal age where the sale of knives is permitted.
        </p>
      </section>
    </main>
  );
}
