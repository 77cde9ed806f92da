// Money is added and compared in cents, never as floats ("0.1 + 0.2"), and written back with two decimals.

/** "12.50" → 1250 (and "0" → 0: an empty sum from the database). */
export function cents(amount: string): number {
  const [whole = '0', fraction = ''] = amount.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
}

/** 1250 → "12.50". */
export const money = (total: number) => `${Math.floor(total / 100)}.${String(total % 100).padStart(2, '0')}`;
