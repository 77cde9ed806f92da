/** The per-member purchase cap, said where members decide to buy: on the countdown card and by Buy Now. */
export function PurchaseCapNote({ cap, className = '' }: { cap: number | null; className?: string }) {
  if (cap === null) return null;
  return <p className={`text-sm text-steel-400 ${className}`}>Limit {cap} per member</p>;
}
