import type {
  Carrier,
  DrawStatus,
  EligibilityBasis,
  EligibilityEffect,
  LegalClass,
  PurchaseStatus,
  ReturnStatus,
  Role,
  SaleMode,
  ShipmentStatus,
  ShowItemStatus,
  ShowKind,
  ShowPhase,
  ShowStatus,
  SkillLevel,
} from '@vault/contracts';
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

// Row types, written once, matching migrations/ (the schema test introspects the live database
// and compares column names with these interfaces). Columns are snake_case in SQL and camelCase
// here through Kysely's CamelCasePlugin.

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, never, never>;
/** numeric(10,2): both pg and PGlite hand it back as a string; we keep it a string end to end. */
type Numeric = ColumnType<string, string, string>;

export interface UsersTable {
  id: Generated<string>;
  email: string;
  password: string | null;
  emailVerified: Generated<boolean>;
  verificationToken: string | null;
  verificationTokenExpiry: Timestamp | null;
  resetToken: string | null;
  resetTokenExpiry: Timestamp | null;
  googleId: string | null;
  oidcSubject: string | null;
  firstName: string | null;
  lastName: string | null;
  fullName: string | null;
  avatarUrl: string | null;
  role: Generated<Role>;
  skillLevel: SkillLevel | null;
  onboardingCompleted: Generated<boolean>;
  address: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  country: string | null;
  phoneNumber: string | null;
  /** 'YYYY-MM-DD' (a `date`, read as text by both drivers). */
  dateOfBirth: string | null;
  authNetCustomerProfileId: string | null;
  authNetPaymentProfileId: string | null;
  /** Set by an admin: the member's presses are refused on both transports until lifted. */
  buyingSuspendedAt: Timestamp | null;
  buyingSuspendedReason: string | null;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
}

export interface SessionsTable {
  sid: string;
  sess: ColumnType<Record<string, unknown>, string, string>;
  expire: Timestamp;
}

export interface ShowsTable {
  id: Generated<string>;
  kind: Generated<ShowKind>;
  title: string;
  description: string | null;
  status: Generated<ShowStatus>;
  currentIndex: Generated<number>;
  phase: Generated<ShowPhase>;
  launchTime: Timestamp | null;
  perKnifeSeconds: Generated<number>;
  intermissionSeconds: Generated<number>;
  prerollSeconds: Generated<number>;
  soldHoldSeconds: Generated<number>;
  /** At most this many items of the show per member; null: no cap. */
  purchaseCap: number | null;
  /** A declined first-press winner's item goes to the next member who pressed for it. */
  nextInLine: Generated<boolean>;
  /** The authoritative deadline of the current phase; the clock's job is only a wake-up. */
  phaseEndsAt: Timestamp | null;
  /** Set while paused: what was left of the phase when it froze. */
  pausedRemainingMs: number | null;
  /** Bumped by every transition; a wake-up for an older step is stale and does nothing. */
  step: Generated<number>;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
}

export interface ShowItemsTable {
  id: Generated<string>;
  showId: string;
  title: string;
  description: string | null;
  price: Numeric;
  mainVideoUrl: string | null;
  imageUrls: ColumnType<string[], string[] | undefined, string[]>;
  category: string | null;
  bladeType: string | null;
  steelType: string | null;
  blade: string | null;
  handlesSpec: string | null;
  hardwareSpec: string | null;
  clipSpec: string | null;
  breakerSpec: string | null;
  /** Null: an item from before legal classes; it is not sold until an admin classifies it. */
  legalClass: LegalClass | null;
  /** Inches, numeric(5,2). */
  bladeLength: Numeric | null;
  orderIndex: Generated<number>;
  status: Generated<ShowItemStatus>;
  soldToUserId: string | null;
  soldAt: Timestamp | null;
  /** Set while a sale of this item is being authorised (sale_claims.id); cleared when it settles. */
  claimId: string | null;
  /** The voided purchase's item this one was relisted from. */
  relistedFromItemId: string | null;
  saleMode: Generated<SaleMode>;
  /** A draw item's entry window from its reveal; null for first press. */
  drawWindowSeconds: number | null;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
}

export interface PurchasesTable {
  id: Generated<string>;
  userId: string;
  showItemId: string;
  amount: Numeric;
  status: Generated<PurchaseStatus>;
  gateway: Generated<string>;
  transactionId: string | null;
  errorMessage: string | null;
  shippingAddress: string;
  shippingNotes: string | null;
  claimId: string | null;
  idempotencyKey: string | null;
  /** The eligibility rules (id and version) that allowed the sale. */
  eligibility: ColumnType<EligibilityBasis | null, string | null | undefined, string | null>;
  /** The package it travels in (migration 0010); null until bundled, and again if it is voided. */
  shipmentId: string | null;
  /** What the gateway captured, and when: the ceiling of the purchase's refunds. */
  capturedAmount: Numeric | null;
  capturedAt: Timestamp | null;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
}

/** One package: a member's purchases from one show, to one address (migration 0010). */
export interface ShipmentsTable {
  id: Generated<string>;
  userId: string;
  /** Null for a package of $1 test products alone. */
  showId: string | null;
  shipTo: string;
  status: Generated<ShipmentStatus>;
  /** YYYY-MM-DD. */
  shipBy: string;
  carrier: Carrier | null;
  service: string | null;
  trackingNumber: string | null;
  adultSignature: Generated<boolean>;
  lastError: string | null;
  shippedAt: Timestamp | null;
  shippedBy: string | null;
  deliveredAt: Timestamp | null;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
}

export interface ReturnsTable {
  id: Generated<string>;
  /** What the member writes on the parcel (RMA-XXXXXXXX). */
  number: string;
  purchaseId: string;
  userId: string;
  reason: string;
  status: Generated<ReturnStatus>;
  /** The admin's instructions (approved) or explanation (declined). */
  message: string | null;
  decidedBy: string | null;
  decidedAt: Timestamp | null;
  receivedAt: Timestamp | null;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
}

export type RefundMethod = 'refund' | 'void';
export type RefundStatus = 'pending' | 'done' | 'failed';

/** Money given back on a purchase: a credit against its settled capture, or the unsettled capture voided. */
export interface RefundsTable {
  id: Generated<string>;
  purchaseId: string;
  returnId: string | null;
  amount: Numeric;
  reason: string;
  method: RefundMethod;
  status: Generated<RefundStatus>;
  transactionId: string | null;
  errorMessage: string | null;
  createdBy: string | null;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
}

export type SaleClaimStatus = 'pending' | 'settled' | 'released';

/** One attempt to sell one item to one member; its id is the invoice number at the gateway. */
export interface SaleClaimsTable {
  id: string;
  showItemId: string;
  userId: string;
  amount: Numeric;
  idempotencyKey: string | null;
  /** What the item goes back to if the sale fails. */
  releaseStatus: 'queued' | 'available' | 'showing';
  status: Generated<SaleClaimStatus>;
  transactionId: string | null;
  failure: string | null;
  /** Released without knowing whether the gateway authorised: the reconciler looks again and voids. */
  needsCheck: Generated<boolean>;
  /** Counted against the show's purchase cap (show_member_purchases): a release gives it back. */
  counted: Generated<boolean>;
  /** What the purchase records as the rules that allowed it (see PurchasesTable). */
  eligibility: ColumnType<EligibilityBasis | null, string | null | undefined, string | null>;
  createdAt: CreatedAt;
  resolvedAt: Timestamp | null;
}

export interface ShowEventsTable {
  id: Generated<number>;
  showId: string;
  step: number;
  type: string;
  payload: ColumnType<Record<string, unknown>, string, never>;
  occurredAt: ColumnType<Date, Date | string | undefined, never>;
}

export interface AppMetaTable {
  key: string;
  value: ColumnType<unknown, string, string>;
  updatedAt: Timestamp;
}

export interface PaymentMethodsTable {
  id: Generated<string>;
  userId: string;
  customerProfileId: string;
  paymentProfileId: string;
  cardType: string;
  last4: string;
  isDefault: Generated<boolean>;
  createdAt: CreatedAt;
}

export interface ItemHeartsTable {
  showItemId: string;
  userId: string;
  createdAt: CreatedAt;
}

export interface ShowRemindersTable {
  showId: string;
  userId: string;
  unsubscribeToken: string;
  createdAt: CreatedAt;
}

export interface ShowMemberPurchasesTable {
  showId: string;
  userId: string;
  count: number;
}

export type MailKind =
  | 'receipt'
  | 'reminder_soon'
  | 'reminder_launch'
  | 'verify_email'
  | 'password_reset'
  | 'shipment_shipped'
  | 'return_approved'
  | 'return_declined'
  | 'refund_issued';
export type MailStatus = 'pending' | 'sending' | 'sent' | 'failed';

/** An email to send (see migration 0004): written with what it is about, delivered after commit. */
export interface MailOutboxTable {
  id: Generated<string>;
  kind: MailKind;
  dedupeKey: string;
  userId: string;
  payload: ColumnType<Record<string, unknown>, string | undefined, string>;
  status: Generated<MailStatus>;
  attempts: Generated<number>;
  nextAttemptAt: ColumnType<Date, Date | string | undefined, Date | string>;
  lockedUntil: Timestamp | null;
  lastError: string | null;
  sentAt: Timestamp | null;
  createdAt: CreatedAt;
}

/** An admin action (append-only). */
export interface AdminAuditTable {
  id: Generated<number>;
  adminUserId: string;
  adminEmail: string;
  action: string;
  targetType: string | null;
  targetId: string | null;
  details: ColumnType<Record<string, unknown>, string | undefined, never>;
  requestId: string | null;
  occurredAt: ColumnType<Date, Date | string | undefined, never>;
}

/** What an admin action came to, written when it ends (its record was written before it ran). */
export interface AdminAuditOutcomesTable {
  auditId: number;
  status: number;
  targetId: string | null;
  resultId: string | null;
  recordedAt: ColumnType<Date, Date | string | undefined, never>;
}

export type BuyAttemptOutcome = 'won' | 'sold' | 'declined' | 'error' | 'timeout' | 'replay' | 'refused';

export interface ItemBuyAttemptsTable {
  showItemId: string;
  outcome: BuyAttemptOutcome;
  count: number;
}

/** Each member who pressed Buy on an item with an outcome, once (migration 0007). */
export interface ItemBuyAttemptMembersTable {
  showItemId: string;
  outcome: BuyAttemptOutcome;
  userId: string;
}

/** An uploaded image: its id is the SHA-256 of the uploaded bytes; both variants are WebP. */
export interface ImagesTable {
  id: string;
  width: number;
  height: number;
  display: Buffer | Uint8Array;
  thumbnail: Buffer | Uint8Array;
  uploadedBy: string | null;
  createdAt: CreatedAt;
}

/** An attestation an operator lets members record ("armed forces on duty", "dealer"). */
export interface AttestationKindsTable {
  code: string;
  label: string;
  description: Generated<string>;
  active: Generated<boolean>;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
}

/** A member's dated attestation; an admin may revoke it (the row stays as history). */
export interface MemberAttestationsTable {
  id: Generated<string>;
  userId: string;
  kind: string;
  /** The words the member confirmed, as shown to them. */
  statement: string;
  attestedAt: ColumnType<Date, Date | string | undefined, never>;
  revokedAt: Timestamp | null;
  revokedBy: string | null;
  revokeReason: string | null;
}

/** A rule the operator maintains (with counsel): who may receive which class where, from when. */
export interface EligibilityRulesTable {
  id: Generated<string>;
  legalClass: LegalClass | null;
  /** A two-letter state, '*' (every destination) or 'interstate' (outside the ship-from state). */
  state: string;
  city: string | null;
  zipPrefix: string | null;
  effectiveFrom: ColumnType<string, string, string>;
  effectiveTo: ColumnType<string | null, string | null | undefined, string | null>;
  effect: EligibilityEffect;
  /** Years for min_age, inches for max_blade (numeric(6,2)). */
  value: Numeric | null;
  attestations: ColumnType<string[], string[] | undefined, string[]>;
  note: string;
  sourceUrl: string | null;
  /** Seeded as an example to review with counsel, and labelled so in the admin screen. */
  example: Generated<boolean>;
  version: Generated<number>;
  retiredAt: Timestamp | null;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
}

export interface LegalClassShippingTable {
  legalClass: LegalClass;
  carriers: ColumnType<Carrier[], Carrier[], Carrier[]>;
  /** An adult signature is required for a parcel worth more than this; null: never. */
  adultSignatureOver: Numeric | null;
  updatedAt: Timestamp;
}

export interface EligibilityRefusalsTable {
  showItemId: string;
  /** The refusing rule's id, or a built-in reason ('minimum_age', 'date_of_birth', 'unclassified'). */
  ruleKey: string;
  userId: string;
  presses: number;
}

/** One reveal of a draw item: its committed seed, and once closed its order and winner. */
export interface DrawsTable {
  id: Generated<string>;
  showItemId: string;
  showId: string;
  /** 32 random bytes as hex: secret until the draw closes. */
  seed: string;
  /** SHA-256 of the seed's bytes, hex: public from the reveal. */
  commitment: string;
  status: Generated<DrawStatus>;
  openedAt: Timestamp;
  /** Null while the show is paused (the window's remainder waits in pausedRemainingMs). */
  closesAt: Timestamp | null;
  pausedRemainingMs: number | null;
  closedAt: Timestamp | null;
  entryCount: number | null;
  /** Entry numbers in the published order: the first is charged first. */
  drawOrder: number[] | null;
  winnerEntryNumber: number | null;
  purchaseId: string | null;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
}

export interface DrawEntriesTable {
  drawId: string;
  entryNumber: number;
  userId: string;
  /** What the public record shows instead of the member. */
  pseudonym: string;
  enteredAt: Timestamp;
  outcome: 'won' | 'declined' | 'skipped' | null;
}

/** A member's presses for a live item: the first one's time, and how many (migration 0011). */
export interface BuyPressesTable {
  id: Generated<string>;
  showItemId: string;
  userId: string;
  receivedAt: Timestamp;
  reactionMs: number | null;
  flagged: Generated<boolean>;
  transport: 'socket' | 'http';
  presses: Generated<number>;
}

/** A browser a member turned Web Push on in (migration 0012). */
export interface PushSubscriptionsTable {
  id: Generated<string>;
  userId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  expirationTime: Timestamp | null;
  userAgent: string | null;
  createdAt: CreatedAt;
  lastSuccessAt: Timestamp | null;
}

/** The push kinds a member wants; no row means every kind. */
export interface PushPreferencesTable {
  userId: string;
  kinds: PushKind[];
  updatedAt: Generated<Date>;
}

export type PushKind = 'show_starting' | 'hearted_next' | 'won' | 'shipped' | 'draw_drawn';

/** A push to send to one subscription, written with its event and delivered after commit. */
export interface PushOutboxTable {
  id: Generated<string>;
  subscriptionId: string;
  userId: string;
  kind: PushKind;
  dedupeKey: string;
  payload: ColumnType<Record<string, unknown>, string, string>;
  expiresAt: ColumnType<Date, Date | string, Date | string>;
  status: Generated<MailStatus>;
  attempts: Generated<number>;
  nextAttemptAt: ColumnType<Date, Date | string | undefined, Date | string>;
  lockedUntil: Timestamp | null;
  lastError: string | null;
  sentAt: Timestamp | null;
  createdAt: CreatedAt;
}

export interface Database {
  pushSubscriptions: PushSubscriptionsTable;
  pushPreferences: PushPreferencesTable;
  pushOutbox: PushOutboxTable;
  draws: DrawsTable;
  drawEntries: DrawEntriesTable;
  buyPresses: BuyPressesTable;
  shipments: ShipmentsTable;
  returns: ReturnsTable;
  refunds: RefundsTable;
  attestationKinds: AttestationKindsTable;
  memberAttestations: MemberAttestationsTable;
  eligibilityRules: EligibilityRulesTable;
  legalClassShipping: LegalClassShippingTable;
  eligibilityRefusals: EligibilityRefusalsTable;
  adminAudit: AdminAuditTable;
  adminAuditOutcomes: AdminAuditOutcomesTable;
  itemBuyAttempts: ItemBuyAttemptsTable;
  itemBuyAttemptMembers: ItemBuyAttemptMembersTable;
  images: ImagesTable;
  itemHearts: ItemHeartsTable;
  showReminders: ShowRemindersTable;
  showMemberPurchases: ShowMemberPurchasesTable;
  mailOutbox: MailOutboxTable;
  appMeta: AppMetaTable;
  paymentMethods: PaymentMethodsTable;
  users: UsersTable;
  sessions: SessionsTable;
  shows: ShowsTable;
  showItems: ShowItemsTable;
  purchases: PurchasesTable;
  saleClaims: SaleClaimsTable;
  showEvents: ShowEventsTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Show = Selectable<ShowsTable>;
export type NewShow = Insertable<ShowsTable>;
export type ShowUpdate = Updateable<ShowsTable>;
export type ShowItem = Selectable<ShowItemsTable>;
export type NewShowItem = Insertable<ShowItemsTable>;
export type Purchase = Selectable<PurchasesTable>;
export type SaleClaim = Selectable<SaleClaimsTable>;
export type ShowEvent = Selectable<ShowEventsTable>;
export type PaymentMethod = Selectable<PaymentMethodsTable>;
export type EligibilityRule = Selectable<EligibilityRulesTable>;
export type MemberAttestation = Selectable<MemberAttestationsTable>;
export type MailOutboxRow = Selectable<MailOutboxTable>;
export type Shipment = Selectable<ShipmentsTable>;
export type Return = Selectable<ReturnsTable>;
export type Refund = Selectable<RefundsTable>;
export type Draw = Selectable<DrawsTable>;
export type DrawEntry = Selectable<DrawEntriesTable>;
export type PushSubscriptionRow = Selectable<PushSubscriptionsTable>;
export type PushOutboxRow = Selectable<PushOutboxTable>;
