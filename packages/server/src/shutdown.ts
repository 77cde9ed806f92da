type Closer = () => Promise<unknown>;

/**
 * Runs the closers in order on SIGINT/SIGTERM, with a deadline: a hung close must not keep a
 * replaced process alive forever (BullMQ's worker.close() and open sockets both can).
 */
export function onShutdown(closers: Closer[], options: { deadlineMs: number; log: (msg: string) => void }): void {
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    options.log(`${signal} received, shutting down`);
    const timer = setTimeout(() => {
      options.log(`shutdown exceeded ${options.deadlineMs} ms, exiting`);
      process.exit(1);
    }, options.deadlineMs);
    timer.unref();
    let code = 0;
    for (const close of closers) {
      try {
        await close();
      } catch (error) {
        code = 1;
        options.log(`error while closing: ${(error as Error).message}`);
      }
    }
    process.exit(code);
  };
  // `on`, not `once`: Ctrl-C under `pnpm dev` signals the whole process group, and the tsx watcher
  // relays its own copy; a second signal with no listener left would kill us mid-shutdown (PGlite
  // unflushed). Repeats are ignored; the deadline above still bounds the shutdown.
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}
