const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Every abuse limit of the API in one place, so the numbers and their reasons are read together.
 * Counters live in Redis when scaled (shared by every replica), in memory when embedded.
 */
export interface AbuseLimits {
  login: {
    /** Failed logins per IP, any account: generous, because members share carrier-NAT addresses. */
    failuresPerIp: number;
    /** Failed logins per (account, IP): what stops guessing without letting a stranger lock out the owner. */
    failuresPerAccountIp: number;
    /**
     * Successful logins per account, any IP: each costs a 128 MiB scrypt hash and a session row,
     * and only the password's holder can spend them, so the owner is never locked out by a stranger.
     */
    successesPerAccount: number;
    windowMs: number;
  };
  /** Live sessions per member: a login past it ends their oldest session (platform/session/plugin.ts). */
  sessions: { maxPerMember: number };
  register: { perIp: number; windowMs: number };
  forgotPassword: {
    perIp: number;
    /** Reset emails per address; past it we answer the same but send nothing (no mail bombing, no enumeration). */
    perEmail: number;
    windowMs: number;
  };
  resetPassword: { perIp: number; windowMs: number };
  cards: {
    /** Saved cards per member. */
    maxSaved: number;
    /** Card additions that reach the gateway (each one is a live validation on our merchant account). */
    perMember: number;
    perIp: number;
    windowMs: number;
    /** Declines within declineWindowMs that pause card additions for lockMs. */
    declinesBeforeLock: number;
    declineWindowMs: number;
    lockMs: number;
  };
  /**
   * Buy presses, per member and per socket, in memory on each replica (sales/press-budget.ts):
   * a token bucket holding `burst` presses, refilled at `perSecond`. A refusal is held until the
   * next press would be allowed (at most a second); a socket with more than
   * `socketHeldRefusalsBeforeClose` refusals held at once is answered at once and closed. A press of
   * an id nobody here knows, while no show is live, waits for a reload of the test products that
   * began after it, one per `unknownItemReloadMs` per replica at most (sales/buyable-items.ts):
   * what made-up ids may cost the database.
   */
  buyPresses: {
    burst: number;
    perSecond: number;
    socketHeldRefusalsBeforeClose: number;
    unknownItemReloadMs: number;
  };
}

const defaultAbuseLimits: AbuseLimits = {
  // 100 failures per 15 min per IP still stops a spray across accounts (400/hour), yet a carrier NAT
  // address shared by a whole show audience never hits it through typos. 10 per (account, IP) is
  // the classic lockout threshold, but scoped to the IP that failed, so the owner elsewhere is unaffected.
  // 10 successful logins per 15 min is more than a member signing in on every device they own; a
  // script signing in over and over (to load the server, or to pile up session rows) stops there.
  login: { failuresPerIp: 100, failuresPerAccountIp: 10, successesPerAccount: 10, windowMs: 15 * MINUTE },
  // A phone, a laptop, a tablet, a work machine, a few browsers: 10 covers a member's devices.
  sessions: { maxPerMember: 10 },
  // Each registration costs a 128 MiB scrypt hash and an email; 20 an hour per address is far above
  // what one household or one NAT address registers, far below what a script would.
  register: { perIp: 20, windowMs: HOUR },
  forgotPassword: { perIp: 10, perEmail: 3, windowMs: HOUR },
  // Reset tokens are 256-bit, so this limit is about load (lookups), not guessing.
  resetPassword: { perIp: 20, windowMs: 15 * MINUTE },
  cards: {
    // A member needs one or two cards; five covers a household's. The gateway is charged per validation.
    maxSaved: 5,
    // A member fixing typos or an expired card needs a handful of tries; card testers need hundreds.
    perMember: 10,
    // Several members may sit behind one address (household, office); 30 an hour still caps a tester
    // who rotates accounts well below a useful rate.
    perIp: 30,
    windowMs: HOUR,
    // Three declines in a day is the signature of testing stolen numbers, rarely of an honest member.
    declinesBeforeLock: 3,
    declineWindowMs: 24 * HOUR,
    lockMs: 24 * HOUR,
  },
  // A person taps Buy once per item, twice in a double tap, and a lost answer is re-sent with its
  // key (which costs nothing: press-budget.ts). Six at once and three a second more is far above
  // that, and far below a script: 300 presses a second from one member would otherwise each cost
  // a claim and an explain query, and hold back every other member's Buy in a first-tap-wins sale.
  // Refusals are held until the next press would be allowed, so a loop on one connection is paced
  // by its own answers, however many presses it keeps in flight. Past 256 held on one socket (a
  // person has one or two) holding more would only pile up timers, so the socket is answered at
  // once and closed; not sooner, since every reconnection costs more than a held refusal (a
  // handshake, a session lookup and the full show state). The web reconnects on its own.
  // A test product an admin just added on another replica is found within a second; a flood of
  // made-up ids costs one query a second.
  buyPresses: { burst: 6, perSecond: 3, socketHeldRefusalsBeforeClose: 256, unknownItemReloadMs: 1_000 },
};

/** Per-group overrides (tests lower the numbers); a group not given keeps its defaults. */
export type AbuseLimitOverrides = { [K in keyof AbuseLimits]?: Partial<AbuseLimits[K]> };

export function resolveAbuseLimits(overrides: AbuseLimitOverrides = {}): AbuseLimits {
  return {
    login: { ...defaultAbuseLimits.login, ...overrides.login },
    sessions: { ...defaultAbuseLimits.sessions, ...overrides.sessions },
    register: { ...defaultAbuseLimits.register, ...overrides.register },
    forgotPassword: { ...defaultAbuseLimits.forgotPassword, ...overrides.forgotPassword },
    resetPassword: { ...defaultAbuseLimits.resetPassword, ...overrides.resetPassword },
    cards: { ...defaultAbuseLimits.cards, ...overrides.cards },
    buyPresses: { ...defaultAbuseLimits.buyPresses, ...overrides.buyPresses },
  };
}

/** Whole minutes (at least 1) until a window resets, for messages. */
export function minutesUntil(ms: number): number {
  return Math.max(1, Math.ceil(ms / MINUTE));
}

/** Whole hours (at least 1) until a lock ends, for messages. */
export function hoursUntil(ms: number): number {
  return Math.max(1, Math.ceil(ms / HOUR));
}
