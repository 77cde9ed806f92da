import { type Backend, type SeededMember, type SimulatedCard, seedOnboardedMembers } from '@vault/testing';
import type { FastifyInstance } from 'fastify';
import { authorisationsOf, buildTestApp, ORIGIN, startLiveShow, type TestApp } from '../test-app';

// Shared by the Buy tests over HTTP and the claim reconciler's tests: two instances on one database
// (and Redis when scaled), and the member, show and Buy helpers they drive.

const SECRET = 'test-session-secret-at-least-32-characters';

/** The app listening, and a second instance on the same database: buyers are spread over both. */
export async function startBuyingApps(backend: Backend): Promise<{ t: TestApp; other: FastifyInstance }> {
  const t = await buildTestApp(backend, { listen: true });
  const other = await t.sibling();
  await other.listen({ port: 0, host: '127.0.0.1' });
  return { t, other };
}

export function buyHelpers(app: () => TestApp) {
  const db = () => app().database.db;

  function buy(
    member: SeededMember | null,
    showItemId: unknown,
    options: { key?: string; app?: FastifyInstance } = {},
  ) {
    return (options.app ?? app().app).inject({
      method: 'POST',
      url: '/api/show/buy',
      headers: {
        origin: ORIGIN,
        ...(member ? { cookie: member.cookie } : {}),
        ...(options.key ? { 'idempotency-key': options.key } : {}),
      },
      payload: { showItemId },
    });
  }

  const members = (count: number, card: SimulatedCard = 'approve') =>
    seedOnboardedMembers(db(), { count, sessionSecret: SECRET, card });

  const liveShow = (itemCount = 2, perKnifeSeconds = 120) => startLiveShow(app(), itemCount, perKnifeSeconds);
  const authorisations = (showItemId: string) => authorisationsOf(app().database, showItemId);

  return { db, buy, members, liveShow, authorisations };
}
