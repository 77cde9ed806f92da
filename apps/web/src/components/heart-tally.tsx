/** "1 heart" / "3 hearts". */
export const heartsLabel = (count: number) => `${count} ${count === 1 ? 'heart' : 'hearts'}`;

/**
 * A read-only heart count ("♥ 3"), for admins weighing demand before the drop. The symbol is
 * hidden from screen readers, which hear "3 hearts" instead.
 */
export function HeartTally({ count, className = '' }: { count: number; className?: string }) {
  return (
    <span className={`inline-flex items-center gap-1 text-rose-300 text-xs tabular-nums ${className}`}>
      <span aria-hidden="true">♥ {count}</span>
      <span className="sr-only">{heartsLabel(count)}</span>
    </span>
  );
}
