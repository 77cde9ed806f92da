import { randomUUID } from 'node:crypto';
import { createShowFollower, IDEMPOTENCY_HEADER, type ShowStateView, socketEvents } from '@vault/contracts';
import { apiWriter, buildShow, type Cluster, eventually, knives } from '@vault/testing';
import { io, type Socket } from 'socket.io-client';

/** What one request through the proxy came back with. */
export interface ProxiedAnswer<T = Record<string, unknown>> {
  status: number;
  json: T;
  /** The replica HAProxy sent it to (its X-Served-By header). */
  servedBy: string;
  /** The VAULT_NODE pin HAProxy set, if it set one. */
  pin: string | null;
}

/** What a client needs of a stack behind a proxy: ours (startCluster) or compose's under Docker. */
export type ProxiedStack = Pick<Cluster, 'url' | 'admin' | 'serverName'>;

/** A client of the cluster as a browser is: the proxy's origin, a session cookie, maybe a pin. */
export function proxyClient(cluster: ProxiedStack) {
  async function call<T = Record<string, unknown>>(
    method: string,
    url: string,
    options: { cookie?: string; body?: unknown; key?: string; timeoutMs?: number } = {},
  ): Promise<ProxiedAnswer<T>> {
    const res = await fetch(`${cluster.url}${url}`, {
      method,
      headers: {
        origin: cluster.url,
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(options.cookie ? { cookie: options.cookie } : {}),
        ...(options.key ? { [IDEMPOTENCY_HEADER]: options.key } : {}),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      // Every wait has a deadline: a request the proxy never answers fails the test, not hangs it.
      signal: AbortSignal.timeout(options.timeoutMs ?? 20_000),
    });
    const text = await res.text();
    const pin = (res.headers.getSetCookie().find((c) => c.startsWith('VAULT_NODE=')) ?? '').split(';')[0] || null;
    return {
      status: res.status,
      json: (text ? JSON.parse(text) : {}) as T,
      servedBy: res.headers.get('x-served-by') ?? '',
      pin,
    };
  }

  /** The admin's session cookie, logged in through the proxy. */
  async function adminCookie(): Promise<string> {
    const res = await fetch(`${cluster.url}/api/auth/login`, {
      method: 'POST',
      headers: { origin: cluster.url, 'content-type': 'application/json' },
      body: JSON.stringify(cluster.admin),
      signal: AbortSignal.timeout(20_000),
    });
    if (res.status !== 200) throw new Error(`admin login answered ${res.status}`);
    const session = res.headers.getSetCookie().find((c) => !c.startsWith('VAULT_NODE='));
    return (session ?? '').split(';')[0] ?? '';
  }

  /** A VAULT_NODE cookie that pins to replica `index` (asks until the round robin lands there). */
  async function pinTo(index: number): Promise<string> {
    for (let i = 0; i < 20; i++) {
      const answer = await call('GET', '/api/health');
      if (answer.servedBy === cluster.serverName(index) && answer.pin) return answer.pin;
    }
    throw new Error(`no pin for ${cluster.serverName(index)}`);
  }

  /** A show with short timings and `items` knives, started; resolves with its id. */
  async function startShow(
    admin: string,
    options: { items: number; perKnifeSeconds: number; intermissionSeconds: number },
  ): Promise<string> {
    const writer = apiWriter(async (url, body) => {
      const answer = await call<{ id: string }>('POST', url, { cookie: admin, body });
      const what = url === '/api/shows' ? 'creating a show' : 'adding an item';
      if (answer.status !== 201) throw new Error(`${what} answered ${answer.status}`);
      return answer.json;
    });
    const { showId } = await buildShow(writer, {
      title: `Proxy show ${randomUUID().slice(0, 6)}`,
      perKnifeSeconds: options.perKnifeSeconds,
      intermissionSeconds: options.intermissionSeconds,
      prerollSeconds: 1,
      items: knives(options.items, { first: 1, price: '25.00' }),
    });
    const started = await call('POST', '/api/show/start', { cookie: admin, body: { showId } });
    if (started.status !== 200) throw new Error(`starting the show answered ${started.status}`);
    return showId;
  }

  /** Polls the state until `test` holds; every wait has a deadline. */
  async function waitForState(
    cookie: string,
    test: (view: ShowStateView) => boolean,
    timeoutMs = 30_000,
  ): Promise<ShowStateView> {
    let last: unknown;
    return eventually(
      async () => {
        const answer = await call<ShowStateView>('GET', '/api/show/state', { cookie });
        if (answer.status === 200 && test(answer.json)) return answer.json;
        last = answer.json;
        return null;
      },
      { within: timeoutMs, every: 100, what: () => `the awaited state of the show (last: ${JSON.stringify(last)})` },
    );
  }

  return { call, adminCookie, pinTo, startShow, waitForState };
}

/**
 * Members polling the state as browsers do, each keeping the pin HAProxy gives it, until stopped.
 * Counts every answer, and every failure: a network error or a 5xx the client would see.
 */
export function pollThroughProxy(client: ReturnType<typeof proxyClient>, cookies: string[], everyMs = 100) {
  let running = true;
  let answered = 0;
  const failures: string[] = [];
  const loops = cookies.map(async (cookie) => {
    let pin = '';
    while (running) {
      try {
        const answer = await client.call('GET', '/api/show/state', { cookie: pin ? `${cookie}; ${pin}` : cookie });
        if (answer.pin) pin = answer.pin;
        if (answer.status >= 500) failures.push(`${answer.status} from ${answer.servedBy}`);
        answered++;
      } catch (error) {
        failures.push((error as Error).message);
      }
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  });
  return {
    failures,
    answered: () => answered,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

/** A member's live socket through the proxy, recording every view it is pushed. */
export interface WatchingSocket {
  socket: Socket;
  /** The show's step of every view received, in order. */
  steps: number[];
  /** For each reconnection: ms from the drop to the first full state after it. */
  recoveries: number[];
  /**
   * Indexes into steps where a view after a reconnection begins: a step that began and ended
   * while the socket was away is rightly never pushed to it (it gets the show as it is now).
   */
  resumedAt: number[];
  latest(): ShowStateView | null;
  /** The last view received that had a show in it. */
  lastShow(): NonNullable<ShowStateView['show']> | null;
  close(): void;
}

export function watchThroughProxy(
  cluster: Pick<Cluster, 'url'>,
  cookie: string,
  transport: 'websocket' | 'polling',
): Promise<WatchingSocket> {
  const socket = io(cluster.url, {
    transports: [transport],
    upgrade: false,
    extraHeaders: { cookie, origin: cluster.url },
    // Like a browser, take the pin HAProxy sets when it moves this client (Engine.IO's cookie jar
    // sends it on the following long-polling requests of the same connection).
    withCredentials: true,
    // The web client's settings (use-live-show-feed.ts): back quickly, jittered.
    reconnectionDelay: 250,
    reconnectionDelayMax: 2000,
    randomizationFactor: 0.5,
    timeout: 3000,
  });
  const follower = createShowFollower();
  const steps: number[] = [];
  const recoveries: number[] = [];
  const resumedAt: number[] = [];
  let latest: ShowStateView | null = null;
  let lastShow: ShowStateView['show'] = null;
  let droppedAt: number | null = null;
  const record = (view: ShowStateView | null) => {
    if (!view) return; // a change for a base not held: the next full state covers it
    latest = view;
    if (view.show) {
      lastShow = view.show;
      steps.push(view.show.step);
    }
  };
  socket.on(socketEvents.state, (view: ShowStateView, rev: number) => {
    if (droppedAt !== null) resumedAt.push(steps.length);
    record(follower.state(view, rev));
    if (droppedAt !== null) {
      recoveries.push(Date.now() - droppedAt);
      droppedAt = null;
    }
  });
  socket.on(socketEvents.change, (change: unknown) => record(follower.change(change)));
  socket.on('disconnect', () => {
    follower.reset();
    droppedAt ??= Date.now();
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${transport} socket did not connect`)), 15_000);
    socket.once(socketEvents.state, () => {
      clearTimeout(timer);
      resolve({
        socket,
        steps,
        recoveries,
        resumedAt,
        latest: () => latest,
        lastShow: () => lastShow,
        close: () => socket.disconnect(),
      });
    });
  });
}
