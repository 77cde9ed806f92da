// bench:draw's view of its members' screens: each vault socket's show view as the show screen draws
// it (the full view pushed on connect, kept current by the changes after it), when the draw's item
// turned Sold on it, and how late the server's ticks reached it. Nothing is validated while pushes
// arrive (typed as what the API sends): the client shares the 2 cores with the server it times, and
// a malformed push only fails the check that reads it.

import { applyJsonPatch, type ShowChange, type ShowStateView, type ShowTick, socketEvents } from '@vault/contracts';
import type { Socket } from 'socket.io-client';

/** The draw of the item a view shows on sale, while it takes entries. */
export function openDrawIn(view: ShowStateView | undefined, itemId: string) {
  const item = view?.currentItem;
  if (item?.id !== itemId || item.status !== 'showing') return undefined;
  const draw = item.draw;
  return draw?.status === 'open' && draw.closesAt !== null ? { ...draw, closesAt: draw.closesAt } : undefined;
}

/** One tick's arrival: when (performance.now()) and how long after the server stamped it (ms). */
export interface TickArrival {
  at: number;
  lagMs: number;
}

export function createScreens() {
  const screens: Array<{ rev: number; view: ShowStateView } | undefined> = [];
  /** The item whose Sold the screens are timed for, and per socket: when it showed Sold, and the view's serverTime. */
  let soldItem: string | null = null;
  let soldAt: number[] = [];
  let soldServerTime: number[] = [];
  let ticks: TickArrival[] | null = null;

  function shown(i: number, screen: { rev: number; view: ShowStateView } | undefined) {
    screens[i] = screen;
    const item = screen?.view.currentItem;
    if (soldItem !== null && soldAt[i] === undefined && item?.id === soldItem && item.status === 'sold') {
      soldAt[i] = Date.now();
      soldServerTime[i] = screen?.view.serverTime ?? Number.NaN;
    }
  }

  return {
    /** Attach to socket i before its handshake (connectSockets' listener), so not even the first push is missed. */
    listen(socket: Socket, i: number) {
      socket.on(socketEvents.state, (view: ShowStateView, rev: number) => shown(i, { rev, view }));
      socket.on(socketEvents.change, (change: ShowChange) => {
        const screen = screens[i];
        // A change on another base does not fit: the screen is unknown until the next full state.
        shown(
          i,
          screen?.rev === change.base ? { rev: change.rev, view: applyJsonPatch(screen.view, change.ops) } : undefined,
        );
      });
      socket.on(socketEvents.tick, (tick: ShowTick) => {
        ticks?.push({ at: performance.now(), lagMs: Date.now() - tick.serverTime });
      });
    },
    view: (i: number) => screens[i]?.view,
    /** From now on, times when each screen shows `itemId` Sold (epoch ms, and the Sold view's serverTime). */
    timeSold(itemId: string) {
      soldItem = itemId;
      soldAt = [];
      soldServerTime = [];
      return {
        /** Screens (of the first `count`) that show it Sold so far. */
        seen: (count: number) => soldAt.slice(0, count).filter((t) => t !== undefined).length,
        arrivals: () => ({ soldAt, soldServerTime }),
      };
    },
    /** Records every tick's arrival on every screen until stopped; returns the stop, which gives them. */
    recordTicks() {
      const recorded: TickArrival[] = [];
      ticks = recorded;
      return () => {
        ticks = null;
        return recorded;
      };
    },
  };
}

export type Screens = ReturnType<typeof createScreens>;
