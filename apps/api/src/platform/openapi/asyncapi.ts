import { type SocketEventContract, socketEventContracts, socketEvents } from '@vault/contracts';
import { type JsonSchema, toJsonSchema } from './json-schema';

type SocketEvent = keyof typeof socketEvents;

/** The table of @vault/contracts (socket-events.ts) with each event's contract as the common shape. */
const contracts: Record<SocketEvent, SocketEventContract> = socketEventContracts;

/** Arguments after the payload, by name in the order they are sent (`x-extra-arguments`). */
function extraArguments(contract: SocketEventContract): Record<string, JsonSchema> | undefined {
  if (!contract.extraArgs) return undefined;
  return Object.fromEntries(contract.extraArgs.map(({ name, schema }) => [name, { ...schema }]));
}

/** The documented schema of each event's payload and ack, by event name. */
export function eventSchemas(): Record<string, { payload: JsonSchema; ack?: JsonSchema }> {
  return Object.fromEntries(
    (Object.keys(contracts) as SocketEvent[]).map((key) => {
      const contract = contracts[key];
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
  for (const key of Object.keys(contracts) as SocketEvent[]) {
    const contract = contracts[key];
    const extraArgs = extraArguments(contract);
    const name = socketEvents[key];
    const documented = schemas[name];
    messages[key] = {
      name,
      summary: contract.summary,
      payload: documented?.payload,
      'x-audience': contract.audience,
      ...(extraArgs ? { 'x-extra-arguments': extraArgs } : {}),
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
