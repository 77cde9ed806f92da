import type { ShowItemStatus, ShowPhase, ShowStatus } from '@vault/contracts';
import type { BadgeVariant } from '../../../components/ui/badge';

/** The item on sale stands out in brass; a sold one in red; waiting ones stay quiet. */
export function itemStatusVariant(status: ShowItemStatus): BadgeVariant {
  switch (status) {
    case 'showing':
      return 'default';
    case 'sold':
      return 'destructive';
    case 'available':
      return 'secondary';
    default:
      return 'outline';
  }
}

export function showStatusVariant(status: ShowStatus): BadgeVariant {
  switch (status) {
    case 'running':
      return 'default';
    case 'scheduled':
    case 'paused':
      return 'secondary';
    default:
      return 'outline';
  }
}

/** The phase in words; preroll is the countdown before the first item. */
export function phaseLabel(phase: ShowPhase): string {
  switch (phase) {
    case 'preroll':
      return 'Preroll';
    case 'showing':
      return 'Showing';
    case 'intermission':
      return 'Intermission';
  }
}

/** "1 item" / "3 items". */
export const itemCount = (n: number) => `${n} ${n === 1 ? 'item' : 'items'}`;
