/** Prices and amounts with a dollar sign and two decimals (SPEC §9 "Price display"). */
export function formatMoney(amount: string | number): string {
  const value = typeof amount === 'number' ? amount : Number(amount);
  return `$${(Number.isFinite(value) ? value : 0).toFixed(2)}`;
}

/** A short, readable date for order and purchase lists, e.g. "Mar 4, 2026". */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}
