import { z } from 'zod';
import { CreateShowItemBody, Price, showMessages } from './admin';
import { TestProduct } from './buy';
import { ShowItemStatus } from './enums';

// Inventory housekeeping in the admin area: relisting a voided purchase's item, and managing the $1
// test products from the admin area.

/**
 * POST /api/purchases/:purchaseId/relist. A relisted test product keeps the item's price unless
 * `price` is given (a $250 knife relisted as a test product may well be meant to sell for $1).
 */
export const RelistBody = z.discriminatedUnion(
  'target',
  [
    z.object({ target: z.literal('test_products'), price: Price.optional() }),
    z.object({ target: z.literal('show'), showId: z.uuid(showMessages.showRequired) }),
  ],
  { error: 'Choose a show, or relist the item as a test product' },
);
export type RelistBody = z.input<typeof RelistBody>;

export const relistMessages = {
  notVoided: "Only a voided purchase's item can be relisted",
  alreadyRelisted: 'This item was already relisted',
  showLive: 'The show is live; relist the item into a show that is not running or paused',
} as const;

// The fields an admin sets on a test product: the Add Show Item form's own rules, so
// the two forms refuse the same input with the same words.
const fields = CreateShowItemBody.shape;

/** The $1 test products: they cost $1 unless the admin says otherwise. */
export const TEST_PRODUCT_PRICE = '1.00';

export const CreateTestProductBody = z.object({
  title: fields.title,
  description: fields.description,
  price: fields.price.default(TEST_PRODUCT_PRICE),
  imageUrls: fields.imageUrls,
  category: fields.category,
  bladeType: fields.bladeType,
  legalClass: fields.legalClass,
  bladeLength: fields.bladeLength,
});
export type CreateTestProductBody = z.input<typeof CreateTestProductBody>;

/** PATCH semantics for an optional text: absent keeps it; "" or null clears it. */
const clearable = (field: typeof fields.description) =>
  field
    .nullable()
    .transform((v) => v ?? null)
    .optional();

/** PATCH /api/admin/test-products/:productId — any subset of the create fields. */
export const UpdateTestProductBody = z
  .object({
    title: fields.title.optional(),
    description: clearable(fields.description),
    price: fields.price.optional(),
    imageUrls: fields.imageUrls.unwrap().optional(),
    category: clearable(fields.category),
    bladeType: clearable(fields.bladeType),
    legalClass: fields.legalClass.optional(),
    bladeLength: fields.bladeLength.optional(),
  })
  .refine((body) => Object.values(body).some((v) => v !== undefined), 'Nothing to change');
export type UpdateTestProductBody = z.input<typeof UpdateTestProductBody>;

/** A test product as admins see it: sold out ones included, with what became of it. */
export const AdminTestProduct = TestProduct.extend({
  /** available: on sale; sold: bought (or being bought right now). */
  status: ShowItemStatus,
  /** Purchases of it, voided ones included (history): each unit sells once, so 0 or 1. */
  purchaseCount: z.number().int().nonnegative(),
  /** The voided purchase's item it was relisted from, if it was. */
  relistedFromItemId: z.uuid().nullable(),
  createdAt: z.iso.datetime(),
});
export type AdminTestProduct = z.infer<typeof AdminTestProduct>;
export const AdminTestProductList = z.array(AdminTestProduct);

export const testProductMessages = {
  notFound: 'Test product not found',
  deleted: 'Test product deleted',
  hasPurchases: (title: string) => `"${title}" has purchases; it can't be deleted`,
  beingBought: (title: string) => `"${title}" is being bought right now; it can't be deleted`,
  bought: (title: string) => `"${title}" has been bought; it can't be edited`,
} as const;
