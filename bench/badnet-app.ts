import { startScaledStack } from './scaled-stack';

export interface BadnetApp {
  baseUrl: string;
  /** Cookie values (`vault.sid=…`) of onboarded members with a saved card. */
  members: string[];
  adminCookie: string;
  setSoldHold(showId: string, seconds: number): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Scaled mode (one API serving the built SPA + a BullMQ worker, on a scratch Postgres and Redis),
 * so members can be seeded in bulk with sessions and the sold hold can be shortened in the database.
 */
export async function startBadnetApp(memberCount: number): Promise<BadnetApp> {
  // WEB_DIST=<dir> measures another build of the SPA than apps/web/dist.
  const web: Record<string, string> = process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {};
  const stack = await startScaledStack({ replicas: 1, members: memberCount, env: web });
  return {
    baseUrl: stack.bases[0] ?? '',
    members: stack.members.map((m) => m.cookie),
    adminCookie: stack.admin.cookie,
    async setSoldHold(showId, seconds) {
      await stack.handle.db.updateTable('shows').set({ soldHoldSeconds: seconds }).where('id', '=', showId).execute();
    },
    stop: stack.stop,
  };
}
