import type { LegalClass } from '@vault/contracts';
import { adminLegalFactsText } from './legal-facts';

/**
 * An item's legal class and blade length on an admin card; an item without a class gets the
 * Unclassified warning, since the rules cannot judge it and members cannot buy it until it is set.
 */
export function LegalFactsLine({ item }: { item: { legalClass: LegalClass | null; bladeLength: string | null } }) {
  const text = adminLegalFactsText(item);
  if (text) return <p className="truncate text-steel-300 text-xs">{text}</p>;
  return (
    <p className="flex items-center gap-1.5 text-amber-200 text-xs">
      <span className="rounded-full border border-amber-500/50 bg-amber-950/70 px-2 py-0.5 font-semibold">
        Unclassified
      </span>
      <span className="truncate">Not for sale</span>
    </p>
  );
}
