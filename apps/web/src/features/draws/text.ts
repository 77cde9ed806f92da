import type { DrawStatus } from '@vault/contracts';
import { once } from '../../lib/once';

// The public draw page's words, in one place (the page and its tests read them from here).

export const statusLabels: Record<DrawStatus, string> = {
  open: 'Open for entries',
  drawing: 'Drawing',
  drawn: 'Drawn',
  no_winner: 'Closed with no winner',
  cancelled: 'Cancelled',
};

export const drawText = {
  seedLater: 'The seed is published when the draw is over',
  checking: 'Checking the draw in your browser…',
  checkLater:
    'This page checks the draw itself, here in your browser, as soon as the window closes and the seed is out.',
  unsupported:
    'Your browser cannot run the check on this page (its WebCrypto needs a secure https:// connection). The seed, the entries and the rule below are all it takes to check the draw anywhere else.',
  failed: 'Verification failed',
  cancelled: 'This draw was cancelled: the show was reset before its window closed, and nobody was charged.',
  notFound: 'No draw found for this item',
  loadFailed: 'The draw could not be loaded',
} as const;

/** "Verified in your browser: …", naming what was checked and the winner it found. */
export function verifiedText(entrants: number, winner: { entryNumber: number; pseudonym: string } | null): string {
  const entries = entrants === 1 ? '1 entry' : `${entrants.toLocaleString('en-US')} entries`;
  const named = winner ? `, and names entry #${winner.entryNumber} (${winner.pseudonym}) as the winner` : '';
  return `Verified in your browser: the seed's SHA-256 is the commitment published when the item was revealed, and the order recomputed from the seed for all ${entries} is the published order${named}.`;
}

// Built on first use: a time-zone formatter costs the /show page milliseconds it may never need.
const when = once(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' }));

/** A moment of the draw's (ISO) in the reader's own time zone. */
export const formatMoment = (iso: string): string => when().format(new Date(iso));
