import type { Carrier, LegalClass } from '@vault/contracts';
import type { Db } from '../core/db';

// The carriers each legal class may travel by, and above what parcel value it needs an adult's
// signature (one row per class, seeded by the migration; the operator edits them).

export interface ClassShippingRow {
  legalClass: LegalClass;
  carriers: Carrier[];
  adultSignatureOver: string | null;
}

/** Every class's row, in no particular order. */
export function classShipping(db: Db): Promise<ClassShippingRow[]> {
  return db.selectFrom('legalClassShipping').select(['legalClass', 'carriers', 'adultSignatureOver']).execute();
}

/** Sets a class's carriers and signature threshold (creating its row if the seed lacked it). */
export function saveClassShipping(db: Db, row: ClassShippingRow): Promise<ClassShippingRow> {
  const values = { carriers: row.carriers, adultSignatureOver: row.adultSignatureOver, updatedAt: new Date() };
  return db
    .insertInto('legalClassShipping')
    .values({ legalClass: row.legalClass, ...values })
    .onConflict((oc) => oc.column('legalClass').doUpdateSet(values))
    .returning(['legalClass', 'carriers', 'adultSignatureOver'])
    .executeTakeFirstOrThrow();
}
