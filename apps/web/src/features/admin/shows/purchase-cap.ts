import { PurchaseCap } from '@vault/contracts';

export type CapInput = { ok: true; cap: number | null } | { ok: false; message: string };

/**
 * The "Per-member limit" field as the PATCH's purchaseCap: empty means no cap, anything else must
 * pass the contract's rule (a whole number, 1..1000), with its message.
 */
export function parsePurchaseCap(text: string): CapInput {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, cap: null };
  const parsed = PurchaseCap.safeParse(Number(trimmed));
  if (parsed.success) return { ok: true, cap: parsed.data };
  return { ok: false, message: parsed.error.issues[0]?.message ?? 'Purchase limit must be a whole number' };
}

/** What the saved limit means for members, for the confirmation toast. */
export const capSummary = (cap: number | null) =>
  cap === null
    ? 'Members can buy any number of items'
    : `Members can buy at most ${cap} ${cap === 1 ? 'item' : 'items'}`;
