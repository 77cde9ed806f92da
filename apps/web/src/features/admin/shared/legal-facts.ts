import { LEGAL_CLASSES, LegalClass, legalClassLabels } from '@vault/contracts';
import { z } from 'zod';

/**
 * The Legal class select as a form field: a string (the select's "" included) that must be one of
 * the contract's classes, with the contract's own "Choose a legal class".
 */
export const LegalClassChoice = z.string().pipe(LegalClass);

/** The Legal class select's choices; the empty first one makes the admin choose (the contract requires one). */
export const legalClassOptions: readonly { value: string; label: string }[] = [
  { value: '', label: 'Select a legal class' },
  ...LEGAL_CLASSES.map((legalClass) => ({ value: legalClass, label: legalClassLabels[legalClass].one })),
];

/**
 * A blade length as an admin reads it: "3.25 in" (exact: the rules compare against it), "No blade"
 * for gear at 0, nothing when not measured yet.
 */
export function adminBladeText(bladeLength: string | null): string | null {
  if (bladeLength === null) return null;
  const inches = Number(bladeLength);
  if (!Number.isFinite(inches)) return null;
  return inches === 0 ? 'No blade' : `${inches.toFixed(2)} in`;
}

/** "Automatic (side-opener) · 3.25 in", or null for an item not classified yet. */
export function adminLegalFactsText(item: { legalClass: LegalClass | null; bladeLength: string | null }) {
  if (!item.legalClass) return null;
  return [legalClassLabels[item.legalClass].one, adminBladeText(item.bladeLength)].filter(Boolean).join(' · ');
}
