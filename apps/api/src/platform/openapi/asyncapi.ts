import {
  ClockPing,
  ClockPong,
  ShowChange,
  ShowStateView,
  ShowTick,
  SocketBuyAck,
  SocketBuyRequest,
  socketEvents,
  WatchersView,
} from '@vault/contracts';
import type { z } from 'zod';
import { type JsonSchema, toJsonSchema } from './json-schema';

type SocketEvent = keyof typeof socketEvents;

interface EventContract {
  direction: 'server → client' | 'client → server';
  /** Who receives a server event, or who may send a client one. */
  audience: string;
  summary: string;
  payload: z.ZodType;
  /** Extra arguments after the payload (Socket.IO events may carry several). */
  extraArgs?: Record<string, JsonSchema>;
  /** The acknowledgement a client → server event is answered with. */
  ack?: z.ZodType;
}

/**
 * Each event of `socketEvents` with its payload schema from the contracts. Typed by the keys of
 * `socketEvents`, so a new event does not compile until it is described here.
 */
export const socketEventContracts: Record<SocketEvent, EventContract> = {
  state: {
    direction: 'server → client',
    audience: 'every signed-in socket',
    summary:
      'The full show state: on connect, and on a change when the ops would not be smaller. The second argument is its rev, the base of the next show:change.',
    payload: ShowStateView,
    extraArgs: { rev: { type: 'integer' } },
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
};

/** The documented schema of each event's payload and ack, by event name. */
export function eventSchemas(): Record<string, { payload: JsonSchema; ack?: JsonSchema }> {
  return Object.fromEntries(
    (Object.keys(socketEventContracts) as SocketEvent[]).map((key) => {
      const contract = socketEventContracts[key];
      // What a server sends is its output; what a client sends is zod's input.
      const io = contract.direction === 'server → client' ? 'output' : 'input';
      return [
        socketEvents[key],
        {
          payload: toJsonSchema(contract.payload, io),
          ...(contract.ack ? { ack: toJsonSchema(contract.ack, 'output') } : {}),
        },
      ];
    }),
  );
}

/**
 * The Socket.IO events as an AsyncAPI 3.0 document: one channel (the Socket.IO connection at
 * /socket.io, authenticated by the session cookie on the handshake), a message per event, and
 * send/receive operations from the server's point of view.
 */
export function asyncApiDocument(): Record<string, unknown> {
  const schemas = eventSchemas();
  const messages: Record<string, unknown> = {};
  const operations: Record<string, unknown> = {};
  for (const key of Object.keys(socketEventContracts) as SocketEvent[]) {
    const contract = socketEventContracts[key];
    const name = socketEvents[key];
    const documented = schemas[name];
    messages[key] = {
      name,
      summary: contract.summary,
      payload: documented?.payload,
      'x-audience': contract.audience,
      ...(contract.extraArgs ? { 'x-extra-arguments': contract.extraArgs } : {}),
      ...(documented?.ack ? { 'x-ack': documented.ack } : {}),
    };
    operations[key] = {
      action: contract.direction === 'server → client' ? 'send' : 'receive',
      channel: { $ref: '#/channels/live' },
      messages: [{ $ref: `#/channels/live/messages/${key}` }],
      summary: contract.summary,
    };
  }
  return {
    asyncapi: '3.0.0',
    info: {
      title: 'The Vault live show (Socket.IO)',
      version: '1.0.0',
      description:
        'Socket.IO events of the live show. Connect to /socket.io with the session cookie; an anonymous handshake is refused with `not_signed_in`. Payload schemas are generated from @vault/contracts.',
    },
    channels: {
      live: {
        address: '/socket.io',
        messages: Object.fromEntries(
          Object.keys(messages).map((key) => [key, { $ref: `#/components/messages/${key}` }]),
        ),
      },
    },
    operations,
    components: { messages },
  };
}
