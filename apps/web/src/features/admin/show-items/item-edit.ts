import { type AdminShowItem, UpdateShowItemBody } from '@vault/contracts';
import { z } from 'zod';
import { LegalClassChoice } from '../shared/legal-facts';

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
export type ItemEditValues = Record<EditableItemField, string>;

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
 * optional field clears it), or null when nothing changed.
 */
export function changedItemBody(
  initial: { values: ItemEditValues; imageUrls: readonly string[] },
  values: Partial<Record<EditableItemField, string | number | null>>,
  imageUrls: readonly string[],
): z.output<typeof UpdateShowItemBody> | null {
  const changed: Record<string, unknown> = {};
  for (const field of EDITABLE_ITEM_FIELDS) {
    const value = String(values[field] ?? '');
    if (!sameValue(field, initial.values[field], value)) changed[field] = value;
  }
  if (!sameList(initial.imageUrls, imageUrls)) changed.imageUrls = [...imageUrls];
  if (Object.keys(changed).length === 0) return null;
  return UpdateShowItemBody.parse(changed);
}
