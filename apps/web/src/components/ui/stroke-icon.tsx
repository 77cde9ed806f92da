/** The heart of the heart system (a member's hearts, the admin's counts, the up-next banner). */
export const HEART_PATH =
  'M12 20.5s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7.6a4.3 4.3 0 0 1 7.5 2.7c0 5.6-7.5 10.2-7.5 10.2Z';

/** A 24×24 line icon drawn from one SVG path; decorative, so hidden from screen readers. */
export function StrokeIcon({
  d,
  filled = false,
  className = 'size-5 shrink-0',
}: {
  d: string;
  filled?: boolean;
  className?: string;
}) {
  return (
    <svg viewBox="0 0 24 24" className={className} aria-hidden="true">
      <path
        d={d}
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
