import { connect, createServer, type Server, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { type Direction, type LinkProfile, linkProfiles, type OutageSchedule, shapeOf } from './link-profiles';
import { LinkPump, type PumpHost } from './link-pump';

export interface LinkProxyOptions {
  /** Where the link leads: a port on 127.0.0.1. */
  target: { port: number };
  profile?: LinkProfile;
}

export interface LinkStats {
  connectionsOpened: number;
  connectionsOpen: number;
  /** Connections accepted and reset at once because a reset outage was under way. */
  connectionsRefused: number;
  connectionsReset: number;
  connectionsSilenced: number;
  bytesClientToServer: number;
  bytesServerToClient: number;
  stalls: number;
}

export interface Outage {
  kind: 'blackhole' | 'reset' | 'silentDeath';
  /** Wall-clock ms, so a benchmark can line outages up with its own timestamps. */
  startedAt: number;
  /** `null` for a silent death: those connections never come back. */
  endsAt: number | null;
}

export interface LinkProxy {
  readonly port: number;
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  setProfile(profile: LinkProfile): void;
  /**
   * Nothing crosses in either direction for `ms`; no socket is closed. New connections are accepted (and
   * connected upstream, carrying nothing), as a real link would leave them half-way. What is sent meanwhile is
   * held (up to `maxBufferedBytes` per direction, then TCP back-pressure) and delivered when the outage ends,
   * like a link that buffered — so the far side sees a burst of stale data, never a gap in the stream.
   */
  blackhole(ms: number): void;
  /** Resets every open connection (RST) and refuses new ones for `ms`. */
  reset(ms: number): void;
  /** Every open connection goes mute forever and is never closed; new connections work normally. */
  killSilently(): void;
  stats(): LinkStats;
  /** Every outage so far (the latest 1,000), oldest first. */
  outages(): readonly Outage[];
  close(): Promise<void>;
}

const MAX_OUTAGE_LOG = 1_000;

function resetSocket(socket: Socket): void {
  if (!socket.destroyed) socket.resetAndDestroy();
}

/**
 * A user-space bad link (the kernel here has no netem): a loopback TCP proxy that delays, jitters and
 * stalls each direction of each connection independently, and on schedule or on demand blackholes,
 * resets or silently kills connections. It works on bytes, so HTTP keep-alive and WebSocket pass through.
 */
export async function startLinkProxy(options: LinkProxyOptions): Promise<LinkProxy> {
  const targetPort = options.target.port;
  let profile: LinkProfile = options.profile ?? linkProfiles.clean;
  // performance.now() times: monotonic, immune to wall-clock steps.
  let blackholedUntil = 0;
  let refusingUntil = 0;
  let closed = false;
  const scheduleTimers = new Set<NodeJS.Timeout>();
  const connections = new Set<Connection>();
  const outageLog: Outage[] = [];
  // connectionsOpen is counted when asked (see stats()).
  const stats: Omit<LinkStats, 'connectionsOpen'> = {
    connectionsOpened: 0,
    connectionsRefused: 0,
    connectionsReset: 0,
    connectionsSilenced: 0,
    bytesClientToServer: 0,
    bytesServerToClient: 0,
    stalls: 0,
  };

  const logOutage = (kind: Outage['kind'], ms: number | null) => {
    const startedAt = Date.now();
    outageLog.push({ kind, startedAt, endsAt: ms === null ? null : startedAt + ms });
    if (outageLog.length > MAX_OUTAGE_LOG) outageLog.shift();
  };

  const hostFor = (direction: Direction): PumpHost => ({
    shape: () => shapeOf(profile, direction),
    blockedUntil: () => blackholedUntil,
    onForwarded: (bytes) => {
      if (direction === 'clientToServer') stats.bytesClientToServer += bytes;
      else stats.bytesServerToClient += bytes;
    },
    onStall: () => {
      stats.stalls += 1;
    },
  });
  const upHost = hostFor('clientToServer');
  const downHost = hostFor('serverToClient');

  class Connection {
    readonly upstream: Socket;
    private readonly pumps: LinkPump[];
    silenced = false;

    constructor(readonly client: Socket) {
      // Half-open sockets let each FIN travel, delayed and in order, like the data before it.
      this.upstream = connect({ host: '127.0.0.1', port: targetPort, allowHalfOpen: true });
      client.setNoDelay(true);
      this.upstream.setNoDelay(true);
      this.pumps = [new LinkPump(upHost, client, this.upstream), new LinkPump(downHost, this.upstream, client)];
      // An error on one side (RST from the peer, refused upstream) is passed on as an RST to the other.
      client.on('error', () => this.abort(this.upstream));
      this.upstream.on('error', () => this.abort(client));
      const onClose = () => {
        if (client.destroyed && this.upstream.destroyed) this.forget();
      };
      client.on('close', onClose);
      this.upstream.on('close', onClose);
    }

    reset(): void {
      for (const pump of this.pumps) pump.stop();
      resetSocket(this.client);
      resetSocket(this.upstream);
      this.forget();
    }

    silence(): void {
      if (this.silenced) return;
      this.silenced = true;
      for (const pump of this.pumps) pump.silence();
    }

    private abort(other: Socket): void {
      if (this.silenced) return;
      for (const pump of this.pumps) pump.stop();
      resetSocket(other);
    }

    private forget(): void {
      connections.delete(this);
    }
  }

  const server: Server = createServer({ allowHalfOpen: true }, (client) => {
    client.on('error', () => {});
    if (closed || performance.now() < refusingUntil) {
      stats.connectionsRefused += 1;
      resetSocket(client);
      return;
    }
    stats.connectionsOpened += 1;
    connections.add(new Connection(client));
  });

  const liveConnections = () => [...connections].filter((connection) => !connection.silenced);

  const proxy = {
    port: 0,
    url: '',
    blackhole(ms: number) {
      blackholedUntil = Math.max(blackholedUntil, performance.now() + ms);
      logOutage('blackhole', ms);
    },
    reset(ms: number) {
      refusingUntil = Math.max(refusingUntil, performance.now() + ms);
      logOutage('reset', ms);
      // A silenced connection is already dead: its RST would be a signal the real link never delivers.
      for (const connection of liveConnections()) {
        stats.connectionsReset += 1;
        connection.reset();
      }
    },
    killSilently() {
      logOutage('silentDeath', null);
      for (const connection of liveConnections()) {
        stats.connectionsSilenced += 1;
        connection.silence();
      }
    },
    setProfile(next: LinkProfile) {
      profile = next;
      for (const timer of scheduleTimers) clearTimeout(timer);
      scheduleTimers.clear();
      if (next.blackhole) schedule(next.blackhole, (ms) => proxy.blackhole(ms));
      if (next.reset) schedule(next.reset, (ms) => proxy.reset(ms));
    },
    stats: (): LinkStats => ({ ...stats, connectionsOpen: liveConnections().length }),
    outages: () => [...outageLog],
    async close() {
      closed = true;
      for (const timer of scheduleTimers) clearTimeout(timer);
      scheduleTimers.clear();
      // Silenced connections included: they stay open only as long as the proxy does.
      for (const connection of [...connections]) connection.reset();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  function schedule(outage: OutageSchedule, start: (ms: number) => void): void {
    if (outage.forMs >= outage.everyMs) throw new Error('an outage must be shorter than its period');
    const arm = (inMs: number) => {
      const timer = setTimeout(() => {
        scheduleTimers.delete(timer);
        start(outage.forMs);
        arm(outage.everyMs);
      }, inMs);
      scheduleTimers.add(timer);
    };
    arm(outage.firstAfterMs ?? outage.everyMs);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('link proxy has no port');
  proxy.port = address.port;
  proxy.url = `http://127.0.0.1:${address.port}`;
  proxy.setProfile(profile);
  return proxy;
}
