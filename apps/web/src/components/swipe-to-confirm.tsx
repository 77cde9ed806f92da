import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from 'react';
import { CONFIRM_DELAY_MS, dragProgress, keyProgress, passesThreshold, percent } from './swipe-math';

type Phase = 'idle' | 'dragging' | 'pending' | 'confirmed';

interface Drag {
  pointerId: number;
  startX: number;
  startProgress: number;
  /** Pixels the handle can travel: rail width minus handle width, measured when the drag starts. */
  travel: number;
}

/**
 * A handle dragged along a track to confirm something that costs money (swipe-to-buy):
 * passing 90% fires `onConfirm` after 200 ms; released early, the handle slides back. Pointer
 * events cover mouse, pen and touch alike; the handle is also a keyboard slider (arrows step,
 * Enter/Space/End confirm). `onConfirm` resolves true when it worked: the control then stays
 * confirmed, otherwise it returns to idle so the member can try again.
 */
export function SwipeToConfirm({
  label,
  onConfirm,
  pendingLabel = 'Processing...',
  confirmedLabel = 'Purchase Confirmed!',
}: {
  label: string;
  onConfirm: () => Promise<boolean>;
  pendingLabel?: string;
  confirmedLabel?: string;
}) {
  const railRef = useRef<HTMLDivElement>(null);
  const drag = useRef<Drag | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const mounted = useRef(true);
  const [phase, setPhase] = useState<Phase>('idle');
  const [progress, setProgress] = useState(0);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      // Closing the dialog inside the 200 ms grace period cancels the purchase.
      clearTimeout(timer.current);
    };
  }, []);

  const locked = phase === 'pending' || phase === 'confirmed';

  const reset = () => {
    drag.current = null;
    setPhase('idle');
    setProgress(0);
  };

  const confirm = () => {
    drag.current = null;
    setProgress(1);
    setPhase('pending');
    timer.current = setTimeout(async () => {
      const ok = await onConfirm().catch(() => false);
      if (!mounted.current) return;
      if (ok) setPhase('confirmed');
      else reset();
    }, CONFIRM_DELAY_MS);
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (locked || event.button !== 0) return;
    const rail = railRef.current;
    if (!rail) return;
    event.preventDefault();
    // Capture keeps the drag ours when the finger or mouse strays off the handle or the track.
    event.currentTarget.setPointerCapture(event.pointerId);
    event.currentTarget.focus();
    drag.current = {
      pointerId: event.pointerId,
      startX: event.clientX,
      startProgress: progress,
      travel: rail.clientWidth - event.currentTarget.offsetWidth,
    };
    setPhase('dragging');
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    const next = dragProgress(current.startProgress, event.clientX - current.startX, current.travel);
    if (passesThreshold(next)) confirm();
    else setProgress(next);
  };

  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    if (drag.current?.pointerId === event.pointerId) reset();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (locked) return;
    const next = keyProgress(progress, event.key);
    if (next === null) return;
    event.preventDefault();
    if (passesThreshold(next)) confirm();
    else setProgress(next);
  };

  const text = phase === 'pending' ? pendingLabel : phase === 'confirmed' ? confirmedLabel : label;
  // While the handle follows the pointer it must not lag behind a transition.
  const motion =
    phase === 'dragging' ? '' : 'transition-[left,width] duration-300 ease-out motion-reduce:transition-none';
  const confirmed = phase === 'confirmed';

  return (
    <div
      className={`rounded-full border p-1 select-none ${confirmed ? 'border-emerald-500/50 bg-emerald-950' : 'border-vault-600 bg-vault-950'}`}
    >
      <div ref={railRef} className="relative h-12 w-full">
        <div
          aria-hidden="true"
          className={`absolute inset-y-0 left-0 rounded-full ${confirmed ? 'bg-emerald-600/40' : 'bg-gradient-to-r from-brass-600/30 to-brass-500/60'} ${motion}`}
          style={{ width: `calc((100% - 3rem) * ${progress} + 3rem)` }}
        />
        <span
          aria-live="polite"
          className="pointer-events-none absolute inset-0 flex items-center justify-center pl-12 font-semibold text-sm tracking-wide"
        >
          <span
            className={confirmed ? 'text-emerald-200' : 'text-steel-200'}
            // The text clears out of the handle's way by half-way.
            style={{ opacity: phase === 'idle' || phase === 'dragging' ? Math.max(0, 1 - progress * 2) : 1 }}
          >
            {text}
          </span>
        </span>
        <div
          role="slider"
          tabIndex={locked ? -1 : 0}
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent(progress)}
          aria-valuetext={text}
          aria-disabled={locked}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerEnd}
          onPointerCancel={onPointerEnd}
          onKeyDown={onKeyDown}
          onBlur={() => {
            if (phase === 'idle' && progress > 0) setProgress(0);
          }}
          className={`absolute top-0 flex size-12 touch-none items-center justify-center rounded-full shadow-lg ${confirmed ? 'bg-emerald-500 text-emerald-950' : 'bg-brass-500 text-vault-950'} ${locked ? '' : 'cursor-grab active:cursor-grabbing'} ${motion}`}
          style={{ left: `calc((100% - 3rem) * ${progress})` }}
        >
          <HandleIcon phase={phase} />
        </div>
      </div>
    </div>
  );
}

function HandleIcon({ phase }: { phase: Phase }) {
  if (phase === 'pending') {
    return (
      <span
        className="size-5 animate-spin rounded-full border-2 border-vault-950/30 border-t-vault-950"
        aria-hidden="true"
      />
    );
  }
  return (
    <svg viewBox="0 0 20 20" className="size-5" aria-hidden="true">
      <path
        d={phase === 'confirmed' ? 'M4.5 10.5l3.5 3.5 7.5-8' : 'M5 5l5 5-5 5M10 5l5 5-5 5'}
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
