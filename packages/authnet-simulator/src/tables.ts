import type { Database, DatabaseHandle } from '@vault/db';
import type { ColumnType, Generated, Kysely } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

/**
 * The simulator's own tables (authnet_sim_*), created by its own migrations. They are not part
 * of the app's Database type: a production schema never carries them. Ids are random numbers of
 * the gateway's lengths, supplied by the simulator (see ids.ts), and travel as strings on the wire.
 */
export interface AuthnetSimTokensTable {
  dataValue: string;
  cardType: string;
  last4: string;
  expiration: string;
  behavior: string;
  expiresAt: Timestamp;
  usedAt: Timestamp | null;
}
export interface AuthnetSimCustomersTable {
  id: number;
  merchantCustomerId: string | null;
  email: string | null;
  description: string | null;
  createdAt: CreatedAt;
}
export interface AuthnetSimPaymentProfilesTable {
  id: number;
  customerId: number;
  cardType: string;
  last4: string;
  expiration: string;
  behavior: string;
  billTo: ColumnType<Record<string, unknown>, string | undefined, string>;
  isDefault: ColumnType<boolean, boolean | undefined, boolean>;
  createdAt: CreatedAt;
}
export interface AuthnetSimTransactionsTable {
  id: number;
  type: string;
  amount: string | null;
  status: string;
  responseCode: string;
  customerId: number | null;
  paymentProfileId: number | null;
  refTransId: number | null;
  invoiceNumber: string | null;
  /** The card charged: brand, last four digits, expiry ('YYYY-MM'); null on rows older than 0003. */
  cardType: string | null;
  last4: string | null;
  expiration: string | null;
  /**
   * When the daily batch settles this charge's capture or this refund (0004); null until
   * captured. Its status reads as settled once the clock passes it (settlement.ts).
   */
  settleAt: Timestamp | null;
  /** What that batch settles: the captured amount of a charge, a refund's amount. */
  settleAmount: string | null;
  /** Written from the simulator's clock (which a test may move), not the database's. */
  createdAt: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** One queued fault (faults.ts): taken, and so deleted, by the next matching gateway request. */
export interface AuthnetSimFaultsTable {
  id: Generated<number>;
  requestType: string;
  kind: string;
  createdAt: CreatedAt;
}

// A type alias, not an interface: Kysely's withTables wants an indexable record.
export type SimulatorTables = {
  authnetSimTokens: AuthnetSimTokensTable;
  authnetSimCustomers: AuthnetSimCustomersTable;
  authnetSimPaymentProfiles: AuthnetSimPaymentProfilesTable;
  authnetSimTransactions: AuthnetSimTransactionsTable;
  authnetSimFaults: AuthnetSimFaultsTable;
};

export type SimulatorDb = Kysely<Database & SimulatorTables>;

/** The app's connection, seen with the simulator's tables (same connection, same transactions). */
export const simulatorDb = (database: DatabaseHandle): SimulatorDb => database.db.withTables<SimulatorTables>();
