import type { z } from 'zod';
import { WatchersView } from './admin';
import { SocketBuyAck, SocketBuyRequest } from './buy';
import { LineupEligibility } from './eligibility';
import { ClockPing, ClockPong, ShowChange, ShowStateView, ShowTick } from './show';

/** Socket.IO events (server → client, except `clockPing` and `buy`). */
export const socketEvents = {
  /** The full ShowStateView (on connect, and when a change would not be smaller), and its `rev`. */
  state: 'show:state',
  /** A ShowChange: what turns the previous push into the new view, when that is smaller. */
  change: 'show:change',
  tick: 'show:tick',
  /**
   * To one member's sockets: LineupEligibility, their eligibility for each item of the lineup — on
   * connect, when the lineup changes, when the rules change, and when their own facts change.
   */
  eligibility: 'show:eligibility',
  /** Admins only: WatchersView, whenever the number of members on /show changes. */
  watchers: 'show:watchers',
  /** Client → server with a ClockPing; the server acknowledges with a ClockPong (a measured round trip). */
  clockPing: 'clock:ping',
  /** Client → server with a SocketBuyRequest; acknowledged with a SocketBuyAck (Buy without a new HTTP request). */
  buy: 'show:buy',
} as const;

type SocketEventKey = keyof typeof socketEvents;

/** An argument without a zod contract, documented as this JSON Schema (the `rev` after a full state). */
interface ArgumentSchema {
  readonly type: 'integer' | 'number' | 'string' | 'boolean';
}

export interface SocketEventContract {
  readonly direction: 'server → client' | 'client → server';
  /** Who receives a server event, or who may send a client one. */
  readonly audience: string;
  readonly summary: string;
  readonly payload: z.ZodType;
  /** Arguments after the payload, in the order they are sent (Socket.IO events may carry several). */
  readonly extraArgs?: readonly { readonly name: string; readonly schema: ArgumentSchema }[];
  /** The acknowledgement a client → server event is answered with. */
  readonly ack?: z.ZodType;
}

/**
 * Each event of `socketEvents` with its payload schema: the one table the AsyncAPI document (and
 * docs/socket-events.md) and the typed Socket.IO ends below are made from, so a payload changed
 * here breaks the build of the server that sends it and of the web that reads it. Keyed by
 * `socketEvents`, so a new event does not compile until it is described here.
 */
export const socketEventContracts = {
  state: {
    direction: 'server → client',
    audience: 'every signed-in socket',
    summary:
      'The full show state: on connect, and on a change when the ops would not be smaller. The second argument is its rev, the base of the next show:change.',
    payload: ShowStateView,
    extraArgs: [{ name: 'rev', schema: { type: 'integer' } }],
  },
  change: {
    direction: 'server → client',
    audience: 'every signed-in socket',
    summary:
      'JSON Patch ops that turn the view pushed as `base` into the view numbered `rev`; on another base, ask for the state.',
    payload: ShowChange,
  },
  tick: {
    direction: 'server → client',
    audience: 'every signed-in socket (volatile: may be dropped)',
    summary: "The server's clock and the show's step, about once a second.",
    payload: ShowTick,
  },
  eligibility: {
    direction: 'server → client',
    audience: "each member's own sockets",
    summary:
      "The member's eligibility for each item of the lineup (whether they may buy it and, if not, why): on connect and whenever the lineup, the rules or the member's own facts change.",
    payload: LineupEligibility,
  },
  watchers: {
    direction: 'server → client',
    audience: 'admins only',
    summary: 'How many members are watching, whenever the number changes.',
    payload: WatchersView,
  },
  clockPing: {
    direction: 'client → server',
    audience: 'any signed-in socket',
    summary: 'A measured round trip: the server acknowledges with its clock.',
    payload: ClockPing,
    ack: ClockPong,
  },
  buy: {
    direction: 'client → server',
    audience: 'any signed-in socket',
    summary: 'Buy without a new HTTP request: the same rules and answers as POST /api/show/buy.',
    payload: SocketBuyRequest,
    ack: SocketBuyAck,
  },
} as const satisfies Record<SocketEventKey, SocketEventContract>;

type Contracts = typeof socketEventContracts;
type ServerEventKey = {
  [K in SocketEventKey]: Contracts[K]['direction'] extends 'server → client' ? K : never;
}[SocketEventKey];
type ClientEventKey = Exclude<SocketEventKey, ServerEventKey>;

type ArgumentType<S extends ArgumentSchema> = S['type'] extends 'integer' | 'number'
  ? number
  : S['type'] extends 'string'
    ? string
    : boolean;
type ExtraArgs<C> = C extends { extraArgs: infer A extends readonly unknown[] }
  ? { -readonly [I in keyof A]: A[I] extends { schema: infer S extends ArgumentSchema } ? ArgumentType<S> : never }
  : [];
// What a server sends is its output (JSON.stringify sends it as it is); what a client sends is zod's input.
type ClientEventArgs<C extends SocketEventContract> = C extends { ack: infer A extends z.ZodType }
  ? [payload: z.input<C['payload']>, ack: (answer: z.output<A>) => void]
  : [payload: z.input<C['payload']>];

/** The events a server emits, by wire name: `Server<ClientToServerEvents, ServerToClientEvents>`, `Socket<ServerToClientEvents, …>`. */
export type ServerToClientEvents = {
  [K in ServerEventKey as (typeof socketEvents)[K]]: (
    payload: z.output<Contracts[K]['payload']>,
    ...extra: ExtraArgs<Contracts[K]>
  ) => void;
};

/** The events a client emits, by wire name, each with the acknowledgement the server answers it with. */
export type ClientToServerEvents = {
  [K in ClientEventKey as (typeof socketEvents)[K]]: (...args: ClientEventArgs<Contracts[K]>) => void;
};
