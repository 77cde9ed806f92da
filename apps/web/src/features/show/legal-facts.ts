import { type LegalClass, legalClassLabels } from '@vault/contracts';

/** "3.25 in blade"; nothing for gear or any item without a blade (0), or one not measured yet. */
export function bladeLengthText(bladeLength: string | null): string | null {
  const inches = Number(bladeLength);
  if (bladeLength === null || !Number.isFinite(inches) || inches <= 0) return null;
  // "3.50" reads as 3.5 in, "3.00" as 3 in: the wire's two decimals are storage, not precision.
  return `${inches} in blade`;
}

/**
 * What an item is by law, as a member reads it beside its category: "Automatic (side-opener) · 3.25 in
 * blade". Empty for an item not classified yet (it is not sold until an admin classifies it).
 */
export function legalFactsText(item: { legalClass: LegalClass | null; bladeLength: string | null }): string {
  if (!item.legalClass) return '';
  return [legalClassLabels[item.legalClass].one, bladeLengthText(item.bladeLength)].filter(Boolean).join(' · ');
}
