import { describe, expect, it } from 'vitest';
import { cheapPasswordHash } from '../support/passwords';
import { agent, buildTestApp } from '../test-app';

describe('polling the show state', () => {
  it('answers from memory: no database query per poll (it still answers with the database closed)', async () => {
    const t = await buildTestApp('pglite');
    try {
      await t.database.db
        .insertInto('users')
        .values({ email: 'poller@example.com', password: await cheapPasswordHash('password-123') })
        .execute();
      const member = agent(t.app);
      await member.post('/api/auth/login', { email: 'poller@example.com', password: 'password-123' });
      const first = await member.get('/api/show/state');
      expect(first.statusCode).toBe(200);

      await t.database.close();
      for (let i = 0; i < 20; i++) {
        const res = await member.get('/api/show/state');
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ active: false, scheduled: false });
      }
      // Anything that does need the database fails now — proving the polls above did not use it.
      expect((await member.get('/api/auth/user')).statusCode).toBe(500);
      expect((await agent(t.app).get('/api/show/state')).statusCode).toBe(401);
    } finally {
      await t.app.close();
      await t.bus.close();
    }
  });
});
