// The fan-out benchmark's client: a minimal Socket.IO v5 client (Engine.IO v4, WebSocket only) on `ws`.
// It exists so that the client costs less than the server it measures. socket.io-client runs every
// frame through its decoder (a JSON.parse of the whole payload), its Manager and two emitters,
// ~22 µs of CPU a frame here: at 10,000 sockets in one process that is 220 ms of one core per
// broadcast, more than the server needs to send it, and the benchmark measured its own client.
// This one follows the same protocol (connects to the main namespace, answers pings) and hands on
// exactly the event frames a real client would hand to its listeners, reading from each only what
// the benchmark needs, from the raw bytes: the event name and, for the events it counts, "serverTime"
// and "step" (~10 µs a frame, most of it Node's and ws's own socket reading).
// Protocols: https://socket.io/docs/v4/engine-io-protocol/, https://socket.io/docs/v4/socket-io-protocol/

import WebSocket from 'ws';

/** An event frame (`42["name",…]`) as it arrived. */
export interface EventFrame {
  name: string;
  /** Date.now() when the frame reached this process's handler, before any decoding. */
  arrivedAt: number;
  /**
   * The integer under the first key `serverTime` / `step` in the payload, or null: a member of a
   * full view (`"step":7`) or the value of a show:change op whose path ends in it (`[["show","step"],7]`).
   * The views and changes carry at most one of each. Always null for an event the caller does not
   * count (its payload is not scanned).
   */
  serverTime: number | null;
  step: number | null;
  /** Size of the WebSocket message: the packet exactly as the server sent it. */
  bytes: number;
}

export interface CheapSocket {
  /** Closes the connection; resolves once its file descriptor is released. */
  close(): Promise<void>;
}

const char = (c: string) => c.charCodeAt(0);
// Engine.IO packet types (first byte) and Socket.IO packet types (second byte of an Engine.IO message).
const EIO_OPEN = char('0');
const EIO_PING = char('2');
const EIO_MESSAGE = char('4');
const SIO_CONNECT = char('0');
const SIO_DISCONNECT = char('1');
const SIO_EVENT = char('2');
const SIO_CONNECT_ERROR = char('4');
const OPEN_BRACKET = char('[');
const COLON = char(':');
const COMMA = char(',');
const CLOSE_BRACKET = char(']');
const QUOTE = char('"');
const SERVER_TIME = Buffer.from('"serverTime"');
const STEP = Buffer.from('"step"');

const isDigit = (byte: number | undefined) => byte !== undefined && byte >= 0x30 && byte <= 0x39;

/**
 * The unsigned integer after the first occurrence of `key` that is followed by `:` (an object
 * member) or `],` (the end of a change op's path, then its value); null when that value is not
 * one (`"step":null`). JSON escapes the quotes inside strings, so no title can fake a key.
 */
function integerAfter(data: Buffer, key: Buffer): number | null {
  for (let at = data.indexOf(key); at >= 0; at = data.indexOf(key, at + key.length)) {
    let i = at + key.length;
    if (data[i] === COLON) i += 1;
    else if (data[i] === CLOSE_BRACKET && data[i + 1] === COMMA) i += 2;
    else continue;
    if (!isDigit(data[i])) return null;
    let value = 0;
    for (let byte = data[i]; byte !== undefined && isDigit(byte); byte = data[++i]) value = value * 10 + byte - 0x30;
    return value;
  }
  return null;
}

/**
 * `42["name",…]` or `42<ackId>[…]`; null for another namespace (`42/nsp,…`), whose frames this
 * socket would not see. Only the events in `counted` have their payload scanned.
 */
function eventFrame(data: Buffer, arrivedAt: number, counted: ReadonlySet<string>): EventFrame | null {
  let i = 2;
  while (isDigit(data[i])) i++;
  if (data[i] !== OPEN_BRACKET || data[i + 1] !== QUOTE) return null;
  const end = data.indexOf(QUOTE, i + 2);
  if (end < 0) return null;
  const name = data.toString('latin1', i + 2, end);
  const scan = counted.has(name);
  return {
    name,
    arrivedAt,
    serverTime: scan ? integerAfter(data, SERVER_TIME) : null,
    step: scan ? integerAfter(data, STEP) : null,
    bytes: data.length,
  };
}

/**
 * Connects to the main namespace at `base` (http://host:port) with the given handshake headers
 * (cookie, origin). Resolves once the server has accepted the namespace connection (`40…`); rejects
 * on a connect error (`44…`) or a socket closed before that. `onEvent` sees every event frame of the
 * connected namespace, with serverTime and step read only for the event names in `counted`. The
 * servers measured here send no binary packets (`45…`), so none are read.
 */
export function connectCheap(
  base: string,
  headers: Record<string, string>,
  counted: ReadonlySet<string>,
  onEvent: (frame: EventFrame) => void,
): Promise<CheapSocket> {
  const url = `${base.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`;
  const ws = new WebSocket(url, { headers, perMessageDeflate: false });
  const closed = new Promise<void>((resolve) => ws.once('close', () => resolve()));
  const socket: CheapSocket = {
    close() {
      ws.close();
      return closed;
    },
  };
  return new Promise((resolve, reject) => {
    let connected = false;
    ws.on('message', (data: Buffer, isBinary: boolean) => {
      const arrivedAt = Date.now();
      if (isBinary) return;
      if (data[0] === EIO_PING) ws.send('3');
      else if (data[0] === EIO_OPEN) ws.send('40');
      if (data[0] !== EIO_MESSAGE) return;
      switch (data[1]) {
        case SIO_EVENT: {
          const frame = connected ? eventFrame(data, arrivedAt, counted) : null;
          if (frame) onEvent(frame);
          break;
        }
        case SIO_CONNECT:
          connected = true;
          resolve(socket);
          break;
        case SIO_DISCONNECT:
          connected = false;
          break;
        case SIO_CONNECT_ERROR:
          ws.terminate();
          reject(new Error(`connect error: ${data.toString()}`));
      }
    });
    ws.once('error', reject);
    ws.once('close', () => reject(new Error('closed before the namespace connected')));
  });
}
