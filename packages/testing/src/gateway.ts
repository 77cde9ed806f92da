import type { SimulatorCredentials } from '@vault/authnet-simulator';
import type { DatabaseHandle } from '@vault/db';
import { sql } from 'kysely';

// Talking to the simulated gateway as a stranger, Accept.js or a merchant would: over HTTP, with
// the gateway's JSON. For the simulator's own tests and the app's mounted simulator alike.

interface GatewayMessage {
  code: string;
  text: string;
}

/** The envelope every gateway answer has (at least one message, per the XSD), and what some request types add. */
export interface GatewayJson {
  messages: { resultCode: string; message: [GatewayMessage, ...GatewayMessage[]] };
  transactionResponse?: { responseCode: string };
  [field: string]: unknown;
}

export interface GatewayReply {
  status: number;
  /** The body as fetch's text() gives it (without the byte order mark). */
  text: string;
  json: GatewayJson;
  /** The body as sent, byte order mark included. */
  bytes: Uint8Array;
}

/**
 * POSTs to the (simulated) gateway as a stranger would: `body` as given when a string, else as
 * JSON; no content type when `contentType` is null.
 */
export async function postGateway(
  endpoint: string,
  body: string | object,
  contentType: string | null = 'application/json',
): Promise<GatewayReply> {
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: contentType ? { 'content-type': contentType } : {},
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const bytes = new Uint8Array(await response.arrayBuffer());
  const text = new TextDecoder().decode(bytes);
  return { status: response.status, text, json: JSON.parse(text.replace(/^\uFEFF/, '')) as GatewayJson, bytes };
}

/** A card for the token request: a bare number has the expiry and card code of the test cards. */
export type CardToTokenize = string | { cardNumber: string; expirationDate: string; cardCode?: string };

export interface OpaqueData {
  dataDescriptor: string;
  dataValue: string;
}

/**
 * What Accept.js does in the browser: card data to the gateway at `endpoint`, a one-time token
 * back. Authenticates with the merchant's public client key unless `auth` is given. `opaqueData`
 * is the token when the gateway said Ok; callers check `json.messages` themselves.
 */
export async function tokenizeCard(
  endpoint: string,
  credentials: SimulatorCredentials,
  card: CardToTokenize,
  options: { auth?: { name: string; clientKey?: string }; id?: string } = {},
): Promise<GatewayReply & { opaqueData: OpaqueData }> {
  const { apiLoginId, clientKey } = credentials;
  const token = typeof card === 'string' ? { cardNumber: card, expirationDate: '122030', cardCode: '123' } : card;
  const reply = await postGateway(endpoint, {
    securePaymentContainerRequest: {
      merchantAuthentication: options.auth ?? { name: apiLoginId, clientKey },
      data: { type: 'TOKEN', id: options.id ?? 'x', token },
    },
  });
  return { ...reply, opaqueData: reply.json.opaqueData as OpaqueData };
}

/** The simulator's own tables (its migrations add the bookkeeping ones). */
export const SIM_TABLES = [
  'authnet_sim_tokens',
  'authnet_sim_customers',
  'authnet_sim_payment_profiles',
  'authnet_sim_transactions',
  'authnet_sim_faults',
];

/** Every row of the simulator's tables, for "a refused request changed nothing" checks. */
export async function simulatorState(database: DatabaseHandle): Promise<string> {
  const parts: unknown[] = [];
  for (const table of SIM_TABLES) {
    const { rows } = await sql`select * from ${sql.table(table)} order by 1`.execute(database.db);
    parts.push(rows);
  }
  return JSON.stringify(parts);
}
