// One formatter for the whole app: building an Intl.NumberFormat per call is slow in long lists.
const money = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Prices and amounts with a dollar sign, thousands separators and two decimals (SPEC "Price display"): "$1,234.00". */
export function formatMoney(amount: string | number): string {
  const value = typeof amount === 'number' ? amount : Number(amount);
  return money.format(Number.isFinite(value) ? value : 0);
}

/** A short, readable date for order and purchase lists, e.g. "Mar 4, 2026". */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}
