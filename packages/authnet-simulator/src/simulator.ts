import type { DatabaseHandle } from '@vault/db';
import { profileHandlers } from './customer-profiles';
import { createFaultQueue, type Fault } from './faults';
import { gatewayFailure as failure, processingError } from './gateway-body';
import { authenticate, type SimulatorCredentials } from './merchant-auth';
import type { Handlers, SimulatorReply } from './replies';
import { checkRequest } from './schema-order';
import { DEFAULT_SETTLEMENT_CUTOFF, parseCutoff, type SimulatorClock } from './settlement';
import { simulatorDb } from './tables';
import { tokenHandlers } from './tokens';
import { transactionDetailsHandlers } from './transaction-details';
import { transactionListHandlers } from './transaction-list';
import { REPORTED_TYPES } from './transaction-reply';
import { transactionHandlers } from './transactions';

export type { SimulatorCredentials } from './merchant-auth';

/** How long a hung request is held before the simulator lets it go (a caller's timeout comes first). */
const HOLD_MS = 30_000;

/** How long after its caller gave up a `late-work` fault's work lands: after the lookup that follows. */
const LATE_WORK_MS = 1_000;

export interface SimulatorOptions {
  /** The daily settlement batch, HH:MM UTC (AUTHNET_SIM_SETTLEMENT_CUTOFF); default 23:00. */
  settlementCutoff?: string;
  /**
   * The simulator's clock: when transactions happen, settle and lapse. Tests move it to reach the
   * 30-day and 180-day limits; everything else uses the real one.
   */
  now?: () => Date;
}

/**
 * A local stand-in for the parts of Authorize.Net's API we use, in the spirit of stripe-mock:
 * the real request and response shapes, its error codes, single-use Accept.js tokens, customer
 * and payment profiles, and transactions that authorise, capture, void, decline and time out.
 * Captures and refunds settle in a daily batch at the cut-off; refunds follow the gateway's rules.
 * State lives in the database (authnet_sim_* tables). It never stores a card number or CVV:
 * a token keeps only the brand, last four digits, expiry and the behaviour chosen for the card.
 * Ids are random numbers of the gateway's lengths (ids.ts): knowing one tells nothing of another.
 */
export function createSimulator(
  database: DatabaseHandle,
  credentials: SimulatorCredentials,
  options: SimulatorOptions = {},
) {
  const db = simulatorDb(database);
  const faults = createFaultQueue(db);
  const clock: SimulatorClock = {
    now: options.now ?? (() => new Date()),
    cutoffMinutes: parseCutoff(options.settlementCutoff ?? DEFAULT_SETTLEMENT_CUTOFF),
  };
  // One handler per API method the simulator implements (the XSD's request types, xsd-sequences.ts).
  const handlers: Handlers = {
    ...tokenHandlers(db),
    ...profileHandlers(db),
    ...transactionListHandlers(db, clock),
    ...transactionDetailsHandlers(db, clock),
    ...transactionHandlers(db, clock),
  };
  // The work under way (requests being handled, late work), so a test can wait until the ledger
  // holds everything the gateway will ever write before it checks the books.
  const working = new Set<Promise<unknown>>();
  const tracked = <T>(work: Promise<T>): Promise<T> => {
    working.add(work);
    void work.then(
      () => working.delete(work),
      () => working.delete(work),
    );
    return work;
  };

  /**
   * A hang whose work lands LATE_WORK_MS after the host calls `later` (once the caller has given
   * up). It counts as work under way from now, so idle() waits for it before the caller gives up.
   */
  function lateWork(work: () => Promise<unknown>): SimulatorReply {
    let callerGaveUp = () => {};
    const landed = tracked(
      new Promise<void>((resolve) => (callerGaveUp = resolve))
        .then(() => new Promise((resolve) => setTimeout(resolve, LATE_WORK_MS)))
        .then(work)
        .then(() => undefined),
    );
    return {
      hang: true,
      later: () => {
        callerGaveUp();
        return landed;
      },
    };
  }

  async function handle(body: unknown): Promise<SimulatorReply> {
    // Like the gateway: the body must be a request its XSD accepts before anything else runs.
    const checked = checkRequest(body);
    if (!checked.ok) return { body: failure(checked.code, checked.text) };
    const { requestType, request } = checked;
    const handler = handlers[requestType];
    const refused = authenticate(credentials, requestType, request.merchantAuthentication);
    if (refused) return { body: refused };
    const fault = await faults.take(requestType);
    if (fault === 'error') return { body: processingError() };
    if (fault === 'timeout') return { hang: true };
    if (fault === 'late-work') return lateWork(() => handler(request));
    if (fault === 'lost-answer' || fault === 'dropped-answer') {
      await handler(request);
      return fault === 'lost-answer' ? { hang: true } : { drop: true };
    }
    return handler(request);
  }

  return {
    /** Handles one POST to …/xml/v1/request.api. */
    handle(body: unknown): Promise<SimulatorReply> {
      return tracked(handle(body));
    },
    /** Resolves once no request is being handled and no late work is pending (test control). */
    async idle(): Promise<void> {
      while (working.size > 0) await Promise.allSettled([...working]);
    },
    /**
     * Test and demo control: the next matching requests (on any replica sharing this database)
     * fail this way, once per entry. Requests this process sends after the call see the fault.
     */
    injectFaults(fault: Fault, times = 1): Promise<void> {
      return faults.push(fault, times);
    },
    clearFaults(): Promise<void> {
      return faults.clear();
    },
    /**
     * Test and demo control: the daily batch runs now, ahead of the cut-off. Every capture and
     * refund not yet settled settles at this instant, in one batch. Returns how many settled.
     */
    async settleNow(): Promise<number> {
      const now = clock.now();
      const settled = await db
        .updateTable('authnetSimTransactions')
        .set({ settleAt: now })
        .where('type', 'in', REPORTED_TYPES)
        .where('status', 'in', ['captured', 'refunded'])
        .where((eb) => eb.or([eb('settleAt', 'is', null), eb('settleAt', '>', now)]))
        .executeTakeFirst();
      return Number(settled.numUpdatedRows);
    },
    holdMs: HOLD_MS,
  };
}

export type Simulator = ReturnType<typeof createSimulator>;
