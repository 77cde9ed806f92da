import {
  type AdminShowItem,
  DRAW_CLOSE_MARGIN_SECONDS,
  DrawWindowSeconds,
  drawMessages,
  drawWindowIssue,
  SaleMode,
} from '@vault/contracts';
import { z } from 'zod';

// The Sale mode choice of Add and Edit Show Item: first press (the race) or a draw with its entry
// window, checked as the API checks it (drawWindowIssue) against the show's time per item.

/** The form's raw values: the window is the text typed, empty for first press. */
export interface SaleModeValues {
  saleMode: SaleMode;
  drawWindowSeconds: string;
}

export const saleModeFormFields = { saleMode: SaleMode, drawWindowSeconds: z.string() };

export type SaleModeChoice =
  | { ok: true; saleMode: SaleMode; drawWindowSeconds: number | null }
  | { ok: false; message: string };

/**
 * The sale mode as the body sends it, or the window field's message. `perKnifeSeconds` is the
 * show's time per item; unknown (no show chosen yet), only the window's own bounds are checked.
 */
export function saleModeChoice(values: SaleModeValues, perKnifeSeconds: number | undefined): SaleModeChoice {
  if (values.saleMode === 'first_press') return { ok: true, saleMode: 'first_press', drawWindowSeconds: null };
  const text = values.drawWindowSeconds.trim();
  if (text === '') return { ok: false, message: drawMessages.windowRequired };
  const parsed = DrawWindowSeconds.safeParse(text);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? drawMessages.windowRequired };
  const issue = perKnifeSeconds === undefined ? null : drawWindowIssue('draw', parsed.data, perKnifeSeconds);
  return issue ? { ok: false, message: issue } : { ok: true, saleMode: 'draw', drawWindowSeconds: parsed.data };
}

/** Adds the sale mode's check to a form's schema: its message lands on the window field. */
export function checkSaleMode<T extends SaleModeValues>(
  values: T,
  ctx: z.RefinementCtx,
  perKnifeSeconds: (values: T) => number | undefined,
) {
  const choice = saleModeChoice(values, perKnifeSeconds(values));
  if (!choice.ok) ctx.addIssue({ code: 'custom', path: ['drawWindowSeconds'], message: choice.message });
}

/** The window field's hint: how long it may run for this show. */
export function drawWindowHint(perKnifeSeconds: number | undefined): string {
  if (perKnifeSeconds === undefined) return 'Seconds members have to enter, e.g. 30';
  const longest = perKnifeSeconds - DRAW_CLOSE_MARGIN_SECONDS;
  return longest < 5
    ? `This show's ${perKnifeSeconds} seconds per item leave no room for a draw`
    : `Seconds members have to enter: up to ${longest} for this show's ${perKnifeSeconds} seconds per item`;
}

/** "Draw · 30 s window" on the item's card; null for first press (the default, unmarked). */
export function saleModeText(item: Pick<AdminShowItem, 'saleMode' | 'drawWindowSeconds'>): string | null {
  if (item.saleMode !== 'draw') return null;
  return item.drawWindowSeconds === null ? 'Draw' : `Draw · ${item.drawWindowSeconds} s window`;
}

/**
 * What an edit sends about the sale mode: a switch to first press says only that (the server drops
 * the window), a switch to a draw brings its window, and a draw keeps its mode when only its
 * window changed. Nothing when neither changed.
 */
export function changedSaleMode(
  initial: Pick<AdminShowItem, 'saleMode' | 'drawWindowSeconds'>,
  choice: Extract<SaleModeChoice, { ok: true }>,
): { saleMode?: SaleMode; drawWindowSeconds?: number } {
  if (choice.saleMode === 'first_press') return initial.saleMode === 'first_press' ? {} : { saleMode: 'first_press' };
  const window = choice.drawWindowSeconds ?? undefined;
  if (initial.saleMode !== 'draw') return { saleMode: 'draw', drawWindowSeconds: window };
  return window === initial.drawWindowSeconds ? {} : { drawWindowSeconds: window };
}
