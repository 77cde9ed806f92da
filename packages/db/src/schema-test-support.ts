import { type Backend, openTestDatabase, type TestDatabase } from '@vault/testing';
import { afterAll, beforeAll } from 'vitest';
import type { Database } from './schema';

/** A migrated database of `backend` for the describe block that calls this, disposed after it. */
export function useSchemaDatabase(backend: Backend): () => TestDatabase {
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await openTestDatabase(backend);
  });
  afterAll(async () => {
    await database?.dispose();
  });
  return () => {
    if (!database) throw new Error('the schema database is opened in beforeAll');
    return database;
  };
}

// Every column of every row type, as a value: TypeScript rejects this object if it misses a key
// of the interfaces in schema.ts or names one they lack, so the comparison below with the live
// database (schema-migrations.int.test.ts) catches drift between the written row types and the migrations.
type ColumnsOf<T> = { [K in keyof T]-?: true };
export const rowTypeColumns: { [T in keyof Database]: ColumnsOf<Database[T]> } = {
  itemHearts: { showItemId: true, userId: true, createdAt: true },
  adminAudit: {
    id: true,
    adminUserId: true,
    adminEmail: true,
    action: true,
    targetType: true,
    targetId: true,
    details: true,
    requestId: true,
    occurredAt: true,
  },
  adminAuditOutcomes: { auditId: true, status: true, targetId: true, resultId: true, recordedAt: true },
  itemBuyAttempts: { showItemId: true, outcome: true, count: true },
  itemBuyAttemptMembers: { showItemId: true, outcome: true, userId: true },
  images: { id: true, width: true, height: true, display: true, thumbnail: true, uploadedBy: true, createdAt: true },
  showReminders: { showId: true, userId: true, unsubscribeToken: true, createdAt: true },
  showMemberPurchases: { showId: true, userId: true, count: true },
  mailOutbox: {
    id: true,
    kind: true,
    dedupeKey: true,
    userId: true,
    payload: true,
    status: true,
    attempts: true,
    nextAttemptAt: true,
    lockedUntil: true,
    lastError: true,
    sentAt: true,
    createdAt: true,
  },
  appMeta: { key: true, value: true, updatedAt: true },
  paymentMethods: {
    id: true,
    userId: true,
    customerProfileId: true,
    paymentProfileId: true,
    cardType: true,
    last4: true,
    isDefault: true,
    createdAt: true,
  },
  users: {
    id: true,
    email: true,
    password: true,
    emailVerified: true,
    verificationToken: true,
    verificationTokenExpiry: true,
    resetToken: true,
    resetTokenExpiry: true,
    googleId: true,
    oidcSubject: true,
    firstName: true,
    lastName: true,
    fullName: true,
    avatarUrl: true,
    role: true,
    skillLevel: true,
    onboardingCompleted: true,
    address: true,
    city: true,
    state: true,
    zip: true,
    country: true,
    phoneNumber: true,
    authNetCustomerProfileId: true,
    authNetPaymentProfileId: true,
    createdAt: true,
    updatedAt: true,
  },
  sessions: { sid: true, sess: true, expire: true },
  shows: {
    id: true,
    kind: true,
    title: true,
    description: true,
    status: true,
    currentIndex: true,
    phase: true,
    launchTime: true,
    perKnifeSeconds: true,
    intermissionSeconds: true,
    prerollSeconds: true,
    soldHoldSeconds: true,
    purchaseCap: true,
    phaseEndsAt: true,
    pausedRemainingMs: true,
    step: true,
    createdAt: true,
    updatedAt: true,
  },
  showItems: {
    id: true,
    showId: true,
    title: true,
    description: true,
    price: true,
    mainVideoUrl: true,
    imageUrls: true,
    category: true,
    bladeType: true,
    steelType: true,
    blade: true,
    handlesSpec: true,
    hardwareSpec: true,
    clipSpec: true,
    breakerSpec: true,
    orderIndex: true,
    status: true,
    soldToUserId: true,
    soldAt: true,
    claimId: true,
    relistedFromItemId: true,
    createdAt: true,
    updatedAt: true,
  },
  purchases: {
    id: true,
    userId: true,
    showItemId: true,
    amount: true,
    status: true,
    gateway: true,
    transactionId: true,
    errorMessage: true,
    shippingAddress: true,
    shippingNotes: true,
    claimId: true,
    idempotencyKey: true,
    createdAt: true,
    updatedAt: true,
  },
  saleClaims: {
    id: true,
    showItemId: true,
    userId: true,
    amount: true,
    idempotencyKey: true,
    releaseStatus: true,
    status: true,
    transactionId: true,
    failure: true,
    needsCheck: true,
    counted: true,
    createdAt: true,
    resolvedAt: true,
  },
  showEvents: { id: true, showId: true, step: true, type: true, payload: true, occurredAt: true },
};

export const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
