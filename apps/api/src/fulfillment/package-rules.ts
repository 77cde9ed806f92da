import { CARRIERS, type Carrier, type LegalClass } from '@vault/contracts';
import { cents } from '../core/money';

// What the items of one package allow: the carriers every item's legal class may travel by, and
// whether its value calls for an adult's signature (legal_class_shipping, set by the operator).

export interface ClassShipping {
  legalClass: LegalClass;
  carriers: Carrier[];
  /** Money; null: this class never needs a signature. */
  adultSignatureOver: string | null;
}

/**
 * What an item nobody classified may travel by: the most restricted class's carriers (no USPS),
 * so a package is never offered a carrier that might refuse it.
 */
const UNCLASSIFIED_CARRIERS: readonly Carrier[] = CARRIERS.filter((carrier) => carrier !== 'usps');

/** The carriers every item may travel by, in the catalogue's order. */
export function packageCarriers(classes: ReadonlyArray<LegalClass | null>, rules: ReadonlyMap<string, ClassShipping>) {
  return CARRIERS.filter((carrier) =>
    classes.every((legalClass) => {
      const allowed = legalClass === null ? undefined : rules.get(legalClass)?.carriers;
      return (allowed ?? UNCLASSIFIED_CARRIERS).includes(carrier);
    }),
  );
}

/** The package's value is above the lowest signature threshold among its items' classes. */
export function needsAdultSignature(
  totalCents: number,
  classes: ReadonlyArray<LegalClass | null>,
  rules: ReadonlyMap<string, ClassShipping>,
): boolean {
  const thresholds = classes.flatMap((legalClass) => {
    const over = legalClass === null ? null : (rules.get(legalClass)?.adultSignatureOver ?? null);
    return over === null ? [] : [cents(over)];
  });
  return thresholds.length > 0 && totalCents > Math.min(...thresholds);
}
