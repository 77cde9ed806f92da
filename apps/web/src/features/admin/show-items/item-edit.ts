import { type AdminShowItem, UpdateShowItemBody } from '@vault/contracts';
import { z } from 'zod';
import { LegalClassChoice } from '../shared/legal-facts';
import { changedSaleMode, checkSaleMode, type SaleModeValues, saleModeChoice, saleModeFormFields } from './sale-mode';

// The Edit Show Item form's values and the PATCH body it sends: only the fields the admin changed,
// so editing the name of a sold knife never touches its price (which the server refuses).

export const EDITABLE_ITEM_FIELDS = [
  'title',
  'description',
  'price',
  'category',
  'bladeType',
  'mainVideoUrl',
  'legalClass',
  'bladeLength',
] as const;
export type EditableItemField = (typeof EDITABLE_ITEM_FIELDS)[number];
export type ItemEditValues = Record<EditableItemField, string> & SaleModeValues;

/**
 * The form's checks: PATCH's own fields, but the class is required (an unclassified item is
 * classified by its first edit; a class is never cleared) and read from the select.
 */
export const EditItemSchema = z
  .object(UpdateShowItemBody.shape)
  .pick({
    title: true,
    description: true,
    price: true,
    category: true,
    bladeType: true,
    mainVideoUrl: true,
    bladeLength: true,
  })
  .extend({ legalClass: LegalClassChoice });

/**
 * The Edit form's checks with the sale mode, its window checked against the item's show's time per
 * item. A test product (no live show, `perKnifeSeconds` undefined) has no sale mode to choose.
 */
export const editItemSchema = (perKnifeSeconds: number | undefined) =>
  EditItemSchema.extend(saleModeFormFields).superRefine((values, ctx) =>
    checkSaleMode(values, ctx, () => perKnifeSeconds),
  );

/** The form prefilled from the inventory's item; an unclassified item starts with no class chosen. */
export function itemEditValues(item: AdminShowItem): ItemEditValues {
  return {
    title: item.title,
    description: item.description ?? '',
    price: item.price,
    category: item.category ?? '',
    bladeType: item.bladeType ?? '',
    mainVideoUrl: item.mainVideoUrl ?? '',
    legalClass: item.legalClass ?? '',
    bladeLength: item.bladeLength ?? '',
    saleMode: item.saleMode,
    drawWindowSeconds: item.drawWindowSeconds === null ? '' : String(item.drawWindowSeconds),
  };
}

const DECIMAL = /^\d+(\.\d+)?$/;

/** "250" and "250.00" are the same price, and "3.5" the same blade as "3.50": not a change. */
function sameValue(field: EditableItemField, before: string, after: string): boolean {
  const a = before.trim();
  const b = after.trim();
  if ((field === 'price' || field === 'bladeLength') && DECIMAL.test(a) && DECIMAL.test(b)) {
    return Number(a) === Number(b);
  }
  return a === b;
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((value, i) => value === b[i]);

/**
 * The PATCH /api/show-items/:id body: each changed field as the contract reads it (an emptied
 * optional field clears it), or null when nothing changed. The sale mode counts as changed only
 * when the mode or the window's number did (changedSaleMode); a window typed for a draw that was
 * switched back to first press is not sent.
 */
export function changedItemBody(
  initial: { values: ItemEditValues; imageUrls: readonly string[] },
  values: Partial<Record<EditableItemField, string | number | null>> & Partial<SaleModeValues>,
  imageUrls: readonly string[],
): z.output<typeof UpdateShowItemBody> | null {
  const changed: Record<string, unknown> = {};
  for (const field of EDITABLE_ITEM_FIELDS) {
    const value = String(values[field] ?? '');
    if (!sameValue(field, initial.values[field], value)) changed[field] = value;
  }
  if (!sameList(initial.imageUrls, imageUrls)) changed.imageUrls = [...imageUrls];
  // Checked by the form's schema before this runs; bounds only, the show's time is the server's to hold.
  const choice = saleModeChoice(
    { saleMode: values.saleMode ?? initial.values.saleMode, drawWindowSeconds: values.drawWindowSeconds ?? '' },
    undefined,
  );
  if (choice.ok) {
    const before = initial.values;
    const window = before.drawWindowSeconds === '' ? null : Number(before.drawWindowSeconds);
    Object.assign(changed, changedSaleMode({ saleMode: before.saleMode, drawWindowSeconds: window }, choice));
  }
  if (Object.keys(changed).length === 0) return null;
  return UpdateShowItemBody.parse(changed);
}
