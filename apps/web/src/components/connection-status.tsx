import { type Connection, useLiveShow } from '../lib/live-show/store';

const indicator = {
  live: { label: 'Live', dot: 'bg-emerald-400' },
  polling: { label: 'Reconnecting…', dot: 'bg-amber-400 animate-pulse' },
  connecting: { label: 'Connecting…', dot: 'bg-steel-400 animate-pulse' },
} as const satisfies Record<Connection, { label: string; dot: string }>;

/** The live-show link (socket, polling, connecting) as a dot and a label, on /show and /admin alike. */
export function ConnectionStatus({ className }: { className: string }) {
  const { label, dot } = indicator[useLiveShow((s) => s.connection)];
  return (
    <span
      className={`${className} flex items-center gap-1.5 text-steel-400 text-xs`}
      role="status"
      aria-label={`Connection: ${label}`}
    >
      <span className={`size-2 rounded-full ${dot}`} aria-hidden="true" />
      <span className="hidden sm:inline">{label}</span>
    </span>
  );
}
