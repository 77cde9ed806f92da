import type { AuditEntry, AuditPage } from '@vault/contracts';
import type { SeededMember } from '@vault/testing';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { ORIGIN, type TestApp } from '../test-app';

// Shared by the audit log tests: calls as a member, the log's row count and pages, and the checks that
// a call added exactly one record, or none.

interface Opened {
  t: TestApp;
  admin: SeededMember;
}

export function auditCalls(opened: () => Opened) {
  const call = (who: SeededMember | null, method: string, url: string, payload?: unknown) =>
    opened().t.app.inject({
      method: method as 'GET',
      url,
      headers: { origin: ORIGIN, ...(who ? { cookie: who.cookie } : {}) },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  const rowCount = async () =>
    Number(
      (
        await opened()
          .t.database.db.selectFrom('adminAudit')
          .select(sql<number>`count(*)::int`.as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  const page = async (query = '') => {
    const res = await call(opened().admin, 'GET', `/api/admin/audit${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as AuditPage;
  };

  /** Runs one admin call that must succeed, and returns the one record it added. */
  async function recorded(method: string, url: string, payload?: unknown): Promise<AuditEntry> {
    const before = await rowCount();
    const res = await call(opened().admin, method, url, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    expect(await rowCount()).toBe(before + 1);
    const newest = (await page('?limit=1')).entries[0];
    if (!newest) throw new Error('no entry');
    expect(newest.admin).toEqual({ id: opened().admin.userId, email: opened().admin.email });
    return newest;
  }

  /** Runs a call that must be refused with `status`, and checks nothing was recorded. */
  async function refusedUnrecorded(
    who: SeededMember | null,
    status: number,
    method: string,
    url: string,
    payload?: unknown,
  ) {
    const before = await rowCount();
    const res = await call(who, method, url, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
    expect(await rowCount()).toBe(before);
    return res;
  }

  return { call, rowCount, page, recorded, refusedUnrecorded };
}
