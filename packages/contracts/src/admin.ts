import { z } from 'zod';
import { Money } from './common';
import { DRAW_CLOSE_MARGIN_SECONDS, DrawWindowSeconds, drawMessages, SaleMode } from './draws';
import { BladeLength, BladeLengthView, LegalClass } from './eligibility';
import { PurchaseStatus, ShowItemStatus, ShowPhase, ShowStatus } from './enums';
import { PurchaseCap } from './members';
import { blockText, lineText } from './text';

const SHOW_REQUIRED = 'Show selection is required';

/** A show's title, on create (where a missing one gets its own message) and on update. */
const showTitle = (text: ReturnType<typeof lineText>) =>
  text.trim().min(1, 'Title is required').max(200, 'Title must be at most 200 characters');

// The show schedule and Add Show Item forms' messages, word for word.

/** An optional field; descriptions and specs are multi-line, the rest one line. */
const optionalText = (max: number, lines: 'line' | 'block' = 'line') =>
  (lines === 'block' ? blockText() : lineText())
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .optional()
    .transform((v) => (v ? v : undefined));

/** Links are stored as text; a bound keeps one link from filling a row. */
const URL_MAX = 2048;

/** An absolute http(s) URL, or a path on our own origin (the demo's /media images). */
const isLink = (value: string) => {
  if (value.startsWith('/') && !value.startsWith('//')) return true;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

export const ImageUrl = lineText()
  .trim()
  .min(1, 'Please enter an image URL')
  .max(URL_MAX, 'Please enter a valid image URL')
  .refine(isLink, 'Please enter a valid image URL');

/**
 * The Add Show Item price: a number greater than 0. The column is numeric(10, 2): more than two decimals would be
 * rounded (0.001 to 0.00, which its CHECK refuses), so they are refused here instead.
 */
export const priceMessages = {
  positive: 'Price must be a positive number',
  cents: 'Price must have at most two decimals',
  tooHigh: 'Price must be less than 100,000,000',
} as const;
const DECIMAL = /^\d+(\.\d+)?$/;
// Trailing zeros past the cents are harmless ("1.500").
const CENTS = /^\d+(\.\d{1,2}0*)?$/;

export const Price = z
  .union([z.string(), z.number()], { error: priceMessages.positive })
  .transform((v) => String(v).trim())
  .refine((v) => DECIMAL.test(v) && Number(v) > 0, priceMessages.positive)
  .refine((v) => !DECIMAL.test(v) || CENTS.test(v), priceMessages.cents)
  .refine((v) => !DECIMAL.test(v) || Number(v) < 100_000_000, priceMessages.tooHigh)
  .transform((v) => Number(v).toFixed(2));

export const CreateShowItemBody = z.object({
  showId: z.string({ error: SHOW_REQUIRED }).min(1, SHOW_REQUIRED).pipe(z.uuid(SHOW_REQUIRED)),
  title: lineText({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(200, 'Name must be at most 200 characters'),
  description: optionalText(5000, 'block'),
  price: Price,
  mainVideoUrl: lineText()
    .trim()
    .max(URL_MAX, 'Must be a valid URL')
    .optional()
    .refine((v) => !v || isLink(v), 'Must be a valid URL')
    .transform((v) => (v ? v : undefined)),
  category: optionalText(100),
  bladeType: optionalText(100),
  steelType: optionalText(100),
  blade: optionalText(2000, 'block'),
  handlesSpec: optionalText(2000, 'block'),
  hardwareSpec: optionalText(2000, 'block'),
  clipSpec: optionalText(2000, 'block'),
  breakerSpec: optionalText(2000, 'block'),
  imageUrls: z.array(ImageUrl).max(20).default([]),
  legalClass: LegalClass,
  bladeLength: BladeLength,
  /** First press (the race) or a draw; a draw needs its entry window (drawMessages.windowRequired). */
  saleMode: SaleMode.default('first_press'),
  drawWindowSeconds: DrawWindowSeconds.nullable().optional(),
});
export type CreateShowItemBody = z.input<typeof CreateShowItemBody>;

/**
 * Why an item's sale mode cannot stand, or null: a draw needs its entry window, and the window
 * must close DRAW_CLOSE_MARGIN_SECONDS before the show's time per item runs out (the winner is
 * charged while the item is still on screen). The API and the Add/Edit Show Item forms ask the same.
 */
export function drawWindowIssue(
  saleMode: SaleMode,
  drawWindowSeconds: number | null | undefined,
  perKnifeSeconds: number,
): string | null {
  if (saleMode !== 'draw') return null;
  if (drawWindowSeconds === null || drawWindowSeconds === undefined) return drawMessages.windowRequired;
  if (drawWindowSeconds + DRAW_CLOSE_MARGIN_SECONDS > perKnifeSeconds)
    return drawMessages.windowTooLong(perKnifeSeconds);
  return null;
}

/** PATCH semantics for an optional field: absent keeps it; "" or null clears it. */
const clearable = <T extends z.ZodType>(field: T) =>
  field
    .nullable()
    .transform((v) => v ?? null)
    .optional();

const itemFields = CreateShowItemBody.shape;

/**
 * PATCH /api/show-items/:id — any subset of the Add Show Item fields but the show. A legal
 * class and blade length may be changed, never cleared: an item once classified stays sellable.
 */
export const UpdateShowItemBody = z
  .object({
    title: itemFields.title.optional(),
    description: clearable(itemFields.description),
    price: itemFields.price.optional(),
    mainVideoUrl: clearable(itemFields.mainVideoUrl),
    category: clearable(itemFields.category),
    bladeType: clearable(itemFields.bladeType),
    steelType: clearable(itemFields.steelType),
    blade: clearable(itemFields.blade),
    handlesSpec: clearable(itemFields.handlesSpec),
    hardwareSpec: clearable(itemFields.hardwareSpec),
    clipSpec: clearable(itemFields.clipSpec),
    breakerSpec: clearable(itemFields.breakerSpec),
    imageUrls: itemFields.imageUrls.unwrap().optional(),
    legalClass: itemFields.legalClass.optional(),
    bladeLength: itemFields.bladeLength.optional(),
    saleMode: SaleMode.optional(),
    drawWindowSeconds: clearable(DrawWindowSeconds),
  })
  .refine((body) => Object.values(body).some((v) => v !== undefined), 'Nothing to change');
export type UpdateShowItemBody = z.input<typeof UpdateShowItemBody>;

const seconds = (label: string, min: number, max = 86_400) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`);

/** How long a sold item stays on screen before the show moves on (the column allows 0–3600). */
const soldHoldSeconds = () => seconds('Sold hold seconds', 0, 3600);

export const CreateShowBody = z.object({
  title: showTitle(lineText({ error: 'Title is required' })),
  description: optionalText(2000, 'block'),
  perKnifeSeconds: seconds('Seconds per item', 1),
  intermissionSeconds: seconds('Intermission seconds', 0).default(10),
  prerollSeconds: seconds('Preroll seconds', 0).default(10),
  soldHoldSeconds: soldHoldSeconds().default(5),
  /** A declined first-press winner's item goes to the next member who pressed for it. */
  nextInLine: z.boolean().default(true),
});
export type CreateShowBody = z.input<typeof CreateShowBody>;

// Years 0000–9999 match the pattern, but Postgres has no year 0: keep launches in an era it stores.
const EARLIEST_LAUNCH = Date.UTC(1970, 0, 1);
const LATEST_LAUNCH = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

const LAUNCH_TIME_REQUIRED = 'Launch time is required';
const LAUNCH_TIME_INVALID = 'Launch time must be a valid ISO datetime';

export const ScheduleShowBody = z.object({
  launchTime: z
    .string({ error: LAUNCH_TIME_REQUIRED })
    .min(1, LAUNCH_TIME_REQUIRED)
    .max(64, LAUNCH_TIME_INVALID)
    .refine((v) => {
      const at = Date.parse(v);
      return /^\d{4}-\d{2}-\d{2}T/.test(v) && at >= EARLIEST_LAUNCH && at <= LATEST_LAUNCH;
    }, LAUNCH_TIME_INVALID),
  status: ShowStatus.default('scheduled'),
});
export type ScheduleShowBody = z.input<typeof ScheduleShowBody>;

/** Server texts of the show administration API. */
export const showMessages = {
  /** The admin commands' answers, which are also their success toasts (Show started!, …). */
  started: 'Show started!',
  paused: 'Show paused',
  reset: 'Show reset',
  notFound: 'Show not found',
  noneRunning: 'No show is running',
  showRequired: SHOW_REQUIRED,
  launchTimeInvalid: LAUNCH_TIME_INVALID,
  lineupWhileLive: 'Pause and reset the live show before changing its lineup',
  lineupMismatch: 'The lineup must list every item of the show exactly once',
  // The show engine's refusals of a command (packages/show), which the admin API passes on.
  alreadyLive: 'Another show is already live',
  alreadyRunning: 'The show is already running',
  ended: 'The show has ended; reset it to run it again',
  noItems: 'The show has no items',
  pauseNotRunning: 'Only a running show can be paused',
  rescheduleWhileLive: 'Pause and reset the live show before rescheduling it',
  launchTimeRequired: LAUNCH_TIME_REQUIRED,
  itemNotOnSale: 'The item is not on sale right now',
  itemNotFound: 'Show item not found',
  soldPrice: 'This item has been sold; its price cannot be changed',
  testProductDraw: 'Test products are sold by first press; a draw is for items of a live show',
  saleModeSettled: 'An item on screen or sold keeps its sale mode and draw window',
} as const;

export const ShowIdBody = z.object({ showId: z.uuid(SHOW_REQUIRED) });

export const AdminShowItem = z.object({
  id: z.uuid(),
  showId: z.uuid(),
  title: z.string(),
  /** The Show Items tab's inventory grid reads `name`. */
  name: z.string(),
  description: z.string().nullable(),
  price: Money,
  status: ShowItemStatus,
  orderIndex: z.number().int(),
  imageUrls: z.array(z.string()),
  mainVideoUrl: z.string().nullable(),
  category: z.string().nullable(),
  bladeType: z.string().nullable(),
  soldToUserId: z.uuid().nullable(),
  /** Null on an item from before legal classes: not sold until classified. */
  legalClass: LegalClass.nullable(),
  bladeLength: BladeLengthView.nullable(),
  /** How many members hearted the item: demand before the drop. */
  hearts: z.number().int().nonnegative(),
  saleMode: SaleMode,
  drawWindowSeconds: z.number().int().nullable(),
});
export type AdminShowItem = z.infer<typeof AdminShowItem>;

export const AdminShow = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string().nullable(),
  status: ShowStatus,
  phase: ShowPhase,
  currentIndex: z.number().int(),
  launchTime: z.iso.datetime().nullable(),
  perKnifeSeconds: z.number().int(),
  intermissionSeconds: z.number().int(),
  prerollSeconds: z.number().int(),
  soldHoldSeconds: z.number().int(),
  /** Per-member purchase cap; null: no cap. */
  purchaseCap: z.number().int().nullable(),
  /** A declined first-press winner's item goes to the next member who pressed for it. */
  nextInLine: z.boolean(),
  lineup: z.array(AdminShowItem),
});
export type AdminShow = z.infer<typeof AdminShow>;

/** PATCH /api/shows/:id — any subset; `lineup` is every item id of the show in its new order. */
export const UpdateShowBody = z
  .object({
    title: showTitle(lineText()).optional(),
    description: blockText().trim().max(2000, 'Must be at most 2000 characters').nullable().optional(),
    perKnifeSeconds: seconds('Seconds per item', 1).optional(),
    intermissionSeconds: seconds('Intermission seconds', 0).optional(),
    prerollSeconds: seconds('Preroll seconds', 0).optional(),
    soldHoldSeconds: soldHoldSeconds().optional(),
    lineup: z.array(z.uuid('Unknown item in the lineup')).max(500).optional(),
    purchaseCap: PurchaseCap.optional(),
    nextInLine: z.boolean().optional(),
  })
  .refine((body) => Object.values(body).some((v) => v !== undefined), 'Nothing to change');
export type UpdateShowBody = z.input<typeof UpdateShowBody>;

/** A purchase as an admin sees it: who bought what, for how much, and where it ships. */
export const AdminPurchase = z.object({
  id: z.uuid(),
  showItemId: z.uuid(),
  itemTitle: z.string(),
  amount: Money,
  status: PurchaseStatus,
  transactionId: z.string().nullable(),
  buyer: z.object({ id: z.uuid(), email: z.string(), fullName: z.string().nullable() }),
  shippingAddress: z.string(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  /** The item relisted from this (voided) purchase's item, once it was relisted. */
  relistedItemId: z.uuid().nullable(),
});
export type AdminPurchase = z.infer<typeof AdminPurchase>;
export const AdminPurchaseList = z.array(AdminPurchase);

export const purchaseMessages = {
  notFound: 'Purchase not found',
  notAuthorized: 'Only an authorized purchase can be captured or voided',
} as const;

/** Admin push: how many members have the show screen open right now, across every instance. */
export const WatchersView = z.object({ count: z.number().int().nonnegative() });
export type WatchersView = z.infer<typeof WatchersView>;
