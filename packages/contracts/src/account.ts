import { z } from 'zod';
import { countOf } from './common';
import { DateOfBirth } from './eligibility';
import { PurchaseStatus, Role, SkillLevel } from './enums';
import { MemberReturn, OrderRefund, OrderShipment } from './fulfillment';
import { FirstName, FULL_NAME_MAX, fullNameFits, fullNameRule, LastName } from './names';
import { lineText } from './text';

// The onboarding profile and profile edit forms' messages, word for word, and the order and payment
// method views.

const US_STATE_MIN = 'State is required';

/** Address rules shared by onboarding and profile edit; bounded by the address columns. */
const addressFields = {
  address: lineText({ error: 'Street address is required' })
    .trim()
    .min(1, 'Street address is required')
    .max(60, 'Street address must be at most 60 characters'),
  city: lineText({ error: 'City is required' })
    .trim()
    .min(1, 'City is required')
    .max(40, 'City must be at most 40 characters'),
  state: lineText({ error: US_STATE_MIN }).trim().min(2, US_STATE_MIN).max(40, 'State must be at most 40 characters'),
  zip: lineText({ error: 'ZIP code is required' })
    .trim()
    .min(5, 'ZIP code is required')
    .max(20, 'ZIP code must be at most 20 characters'),
  country: lineText().trim().max(60, 'Country must be at most 60 characters').default('US'),
  phoneNumber: lineText()
    .trim()
    .max(25, 'Phone number must be at most 25 characters')
    .optional()
    .transform((v) => (v ? v : undefined)),
};

export const OnboardingProfileBody = z.object({
  fullName: lineText({ error: 'Full name is required' })
    .trim()
    .min(1, 'Full name is required')
    .max(FULL_NAME_MAX, `Full name must be at most ${FULL_NAME_MAX} characters`),
  ...addressFields,
  skillLevel: SkillLevel.default('beginner'),
  /** Ours, not SPEC's: required, and at least the operator's minimum age (checked by the server). */
  dateOfBirth: DateOfBirth,
});
export type OnboardingProfileBody = z.input<typeof OnboardingProfileBody>;

export const ProfileUpdateBody = z
  .object({
    firstName: FirstName,
    lastName: LastName,
    ...addressFields,
    /** Optional: absent keeps it. Locked after the member's first purchase (an admin corrects it). */
    dateOfBirth: DateOfBirth.optional(),
  })
  .refine(fullNameFits, fullNameRule);
export type ProfileUpdateBody = z.input<typeof ProfileUpdateBody>;

export const ProfileResponse = z.object({
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  fullName: z.string().nullable(),
  email: z.string(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  country: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  skillLevel: SkillLevel.nullable(),
  role: Role,
  dateOfBirth: z.string().nullable(),
  /** False after the first purchase: then only an admin can change the date of birth. */
  dateOfBirthEditable: z.boolean(),
});
export type ProfileResponse = z.infer<typeof ProfileResponse>;

// The Payment validation failed message: every problem with a card token reads the same to the member.
const PAYMENT_INVALID = 'Payment validation failed';
// Not stored, but sent on to the gateway: a control character there is as unwelcome.
const tokenPart = (max: number) =>
  lineText({ error: PAYMENT_INVALID }, PAYMENT_INVALID).min(1, PAYMENT_INVALID).max(max, PAYMENT_INVALID);

/** Accept.js's opaque, single-use card token, made in the browser. Never card data. */
export const OpaqueDataBody = z.object({ dataDescriptor: tokenPart(100), dataValue: tokenPart(8192) });
export type OpaqueDataBody = z.infer<typeof OpaqueDataBody>;

export const PaymentMethodView = z.object({
  id: z.uuid(),
  cardType: z.string(),
  last4: z.string().length(4),
  isDefault: z.boolean(),
});
export type PaymentMethodView = z.infer<typeof PaymentMethodView>;
export const PaymentMethodList = z.array(PaymentMethodView);

export const OrderView = z.object({
  id: z.uuid(),
  status: PurchaseStatus,
  createdAt: z.iso.datetime(),
  productTitle: z.string(),
  quantity: z.number().int().positive(),
  totalAmount: z.string(),
  shippingAddress: z.string(),
  /** The package the order travels in; null until it is bundled (minutes after the sale). */
  shipment: OrderShipment.nullable(),
  /** Refunds made on it, oldest first. */
  refunds: z.array(OrderRefund),
  /** The member's latest return request for it. */
  return: MemberReturn.nullable(),
  /** Until when a return may be requested (delivered, within the window, none in progress); else null. */
  returnableUntil: z.iso.datetime().nullable(),
});
export type OrderView = z.infer<typeof OrderView>;
export const OrderList = z.array(OrderView);

export const PurchaseView = z.object({
  id: z.uuid(),
  showItemId: z.uuid(),
  itemTitle: z.string(),
  amount: z.string(),
  status: PurchaseStatus,
  createdAt: z.iso.datetime(),
});
export type PurchaseView = z.infer<typeof PurchaseView>;
export const PurchaseList = z.array(PurchaseView);

/** What the browser needs to load Accept.js and call it. */
export const PaymentConfigResponse = z.object({
  acceptJsUrl: z.string(),
  clientKey: z.string(),
  apiLoginId: z.string(),
  /** true when the local simulator stands in for Authorize.Net. */
  simulator: z.boolean(),
});
export type PaymentConfigResponse = z.infer<typeof PaymentConfigResponse>;

export const PreauthResponse = z.object({
  paymentMethod: PaymentMethodView,
  user: z.object({ onboardingCompleted: z.boolean() }),
});
export type PreauthResponse = z.infer<typeof PreauthResponse>;

export const paymentMessages = {
  declined: 'Your card was declined. Please use another card.',
  gatewayUnavailable: 'The payment provider is not responding. Please try again.',
  profileFirst: 'Please complete your profile before adding a card',
  methodNotFound: 'Payment method not found',
  methodRemoved: 'Payment method removed',
  validationFailed: PAYMENT_INVALID,
  duplicateCard: 'This card is already saved.',
  gatewayRefused: (reason: string) => `The payment provider refused the request: ${reason}`,
  cardLimitReached: (max: number) => `You can save up to ${max} cards. Remove one to add another.`,
  tooManyCardAttempts: (minutes: number) =>
    `Too many card attempts. Please try again in ${countOf(minutes, 'minute')}.`,
  cardAdditionsLocked: (hours: number) =>
    `Adding cards is paused on your account after several declined cards. Please try again in ${countOf(hours, 'hour')}.`,
} as const;
