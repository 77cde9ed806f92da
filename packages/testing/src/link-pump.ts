import type { Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { LinkShape } from './link-profiles';

/** Per direction of each connection, before the sender is paused. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

/** What a pump needs from the proxy around it: the current shape, outages and counters. */
export interface PumpHost {
  shape(): LinkShape;
  /** `performance.now()` time before which nothing may be forwarded (0 = open). */
  blockedUntil(): number;
  onForwarded(bytes: number): void;
  onStall(): void;
}

interface Entry {
  /** `null` is the sender's FIN, which travels in order behind the data like any other segment. */
  data: Buffer | null;
  releaseAt: number;
}

/**
 * One direction of one connection: a FIFO of chunks, each released at
 * max(previous release, arrival + delay) so a TCP stream can be delayed and stalled but never reordered.
 * Memory is bounded: past MAX_BUFFERED_BYTES the source is paused and TCP back-pressure does the rest.
 */
export class LinkPump {
  private readonly queue: Entry[] = [];
  private queuedBytes = 0;
  private lastReleaseAt = 0;
  private timer: NodeJS.Timeout | undefined;
  private waitingForDrain = false;
  private mute = false;

  constructor(
    private readonly host: PumpHost,
    private readonly from: Socket,
    private readonly to: Socket,
  ) {
    from.on('data', (chunk: Buffer) => this.push(chunk));
    from.on('end', () => this.push(null));
    to.on('drain', () => {
      this.waitingForDrain = false;
      this.flush();
    });
  }

  /**
   * Forwards nothing ever again and closes nothing: what arrives is read and dropped (a dead radio link
   * swallows it too), so the sender's writes keep "succeeding" and only a timeout can tell.
   */
  silence(): void {
    this.mute = true;
    this.stop();
    if (this.from.isPaused()) this.from.resume();
  }

  /** Drops everything queued and clears the timer (the connection is being reset or the proxy closed). */
  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.queue.length = 0;
    this.queuedBytes = 0;
  }

  private push(data: Buffer | null): void {
    if (this.mute) {
      // Our own half is closed so the descriptor can go, but the FIN never reaches the other side.
      if (data === null) this.from.end();
      return;
    }
    const shape = this.host.shape();
    const now = performance.now();
    const jitter = (Math.random() * 2 - 1) * shape.jitterMs;
    let releaseAt = Math.max(this.lastReleaseAt, now + Math.max(0, shape.latencyMs + jitter));
    if (data !== null && shape.stallProbability > 0 && Math.random() < shape.stallProbability) {
      const [min, max] = shape.stallMs;
      releaseAt += min + Math.random() * (max - min);
      this.host.onStall();
    }
    this.lastReleaseAt = releaseAt;
    this.queue.push({ data, releaseAt });
    if (data !== null) {
      this.queuedBytes += data.length;
      if (this.queuedBytes > MAX_BUFFERED_BYTES) this.from.pause();
    }
    this.flush();
  }

  private flush(): void {
    if (this.mute || this.waitingForDrain) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    const now = performance.now();
    const blockedUntil = this.host.blockedUntil();
    if (blockedUntil > now && this.queue.length > 0) {
      this.wakeAt(blockedUntil, now);
      return;
    }
    for (let head = this.queue[0]; head; head = this.queue[0]) {
      // setTimeout may fire a fraction of a millisecond before the release time.
      if (head.releaseAt > now + 1) {
        this.wakeAt(head.releaseAt, now);
        return;
      }
      this.queue.shift();
      if (this.to.destroyed || this.to.writableEnded) continue;
      if (head.data === null) {
        this.to.end();
        continue;
      }
      this.queuedBytes -= head.data.length;
      this.host.onForwarded(head.data.length);
      if (!this.to.write(head.data)) {
        this.waitingForDrain = true;
        break;
      }
    }
    this.resumeIfRoom();
  }

  private resumeIfRoom(): void {
    if (this.from.isPaused() && this.queuedBytes < MAX_BUFFERED_BYTES / 2) this.from.resume();
  }

  private wakeAt(at: number, now: number): void {
    this.resumeIfRoom();
    this.timer = setTimeout(() => this.flush(), Math.max(1, Math.ceil(at - now)));
  }
}
