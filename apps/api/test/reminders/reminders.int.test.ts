import { memberMessages, showMessages } from '@vault/contracts';
import { createMailer, startNotifyWorker } from '@vault/notify';
import {
  backends,
  type ParsedMail,
  type SeededMember,
  type SmtpCapture,
  seedOnboardedMembers,
  startSmtpCapture,
} from '@vault/testing';
import ICAL from 'ical.js';
import { sql } from 'kysely';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, ORIGIN, type TestApp } from '../test-app';

/** The 'soon' email goes this long before the launch (REMINDER_LEAD_SECONDS, shortened). */
const LEAD_S = 2;
const SECRET = 'test-session-secret-at-least-32-characters';

/** A header line as sent (mailparser folds List-* headers into an object of its own). */
const headerLine = (mail: ParsedMail, key: string) => mail.headerLines.find((h) => h.key === key)?.line ?? '';

function oneClickUrl(mail: ParsedMail): string {
  const raw = headerLine(mail, 'list-unsubscribe');
  const match = raw.match(/<([^>]+)>/);
  if (!match?.[1]) throw new Error(`no List-Unsubscribe in ${raw}`);
  return match[1];
}

const recipient = (mail: ParsedMail) => (mail.to && !Array.isArray(mail.to) ? mail.to.text : '');

describe.each(backends)('show reminders by email on %s (real SMTP)', (backend) => {
  let t: TestApp;
  let smtp: SmtpCapture;
  let admin: SeededMember;
  let members: SeededMember[];
  let worker: Awaited<ReturnType<typeof startNotifyWorker>> | null = null;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await buildTestApp(backend, { config: { smtpUrl: smtp.url, reminderLeadSeconds: LEAD_S } });
    const seeded = await seedOnboardedMembers(t.database.db, { count: 4, sessionSecret: SECRET });
    const [first, ...rest] = seeded;
    if (!first) throw new Error('setup');
    admin = first;
    members = rest;
    await t.database.db.updateTable('users').set({ role: 'admin' }).where('id', '=', admin.userId).execute();
    // Scaled: the API only queues; a worker (here in-process, on the same Redis) sends.
    if (t.redis) {
      worker = await startNotifyWorker({
        db: t.database.db,
        connection: t.redis.redis,
        prefix: t.redis.prefix,
        mailer: createMailer({
          smtpUrl: smtp.url,
          from: 'The Vault <test@vault.local>',
          log: pino({ level: 'silent' }),
        }),
        links: { publicUrl: ORIGIN },
        leadMs: LEAD_S * 1000,
        log: pino({ level: 'silent' }),
      });
    }
  });
  afterAll(async () => {
    await worker?.close();
    await t?.close();
    await smtp?.close();
  });

  const call = (
    member: SeededMember | null,
    method: 'GET' | 'PUT' | 'DELETE' | 'POST' | 'PATCH',
    url: string,
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url,
      headers: { origin: ORIGIN, ...(member ? { cookie: member.cookie } : {}) },
      ...(payload ? { payload } : {}),
    });

  /** A live show with no items (it never starts, so shows never collide), scheduled `inMs` from now. */
  async function scheduledShow(title: string, inMs: number): Promise<{ id: string; launchAt: number }> {
    const created = await call(admin, 'POST', '/api/shows', { title, perKnifeSeconds: 60 });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    const launchAt = Date.now() + inMs;
    const scheduled = await schedule(id, launchAt);
    expect(scheduled.statusCode).toBe(200);
    return { id, launchAt };
  }
  const schedule = (showId: string, launchAt: number) =>
    call(admin, 'PATCH', `/api/shows/${showId}/schedule`, {
      launchTime: new Date(launchAt).toISOString(),
      status: 'scheduled',
    });

  const mailsAbout = (title: string) => smtp.messages.filter((m) => m.subject?.startsWith(title));

  it('subscribes, tells, and unsubscribes idempotently; refuses shows that are not coming up', async () => {
    const [member] = members;
    if (!member) throw new Error('setup');
    const { id } = await scheduledShow(`Toggle ${backend}`, 3_600_000);
    expect((await call(member, 'GET', `/api/reminders/${id}`)).json()).toEqual({ showId: id, subscribed: false });
    for (let i = 0; i < 2; i++) {
      const put = await call(member, 'PUT', `/api/reminders/${id}`);
      expect(put.statusCode).toBe(200);
      expect(put.json()).toEqual({ showId: id, subscribed: true });
    }
    const rows = await t.database.db.selectFrom('showReminders').selectAll().where('showId', '=', id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.unsubscribeToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect((await call(member, 'GET', `/api/reminders/${id}`)).json()).toEqual({ showId: id, subscribed: true });
    for (let i = 0; i < 2; i++) {
      expect((await call(member, 'DELETE', `/api/reminders/${id}`)).json()).toEqual({ showId: id, subscribed: false });
    }

    const unknown = await call(member, 'PUT', '/api/reminders/00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: showMessages.notFound, code: 'not_found' });
    const idle = (await call(admin, 'POST', '/api/shows', { title: 'Not scheduled', perKnifeSeconds: 60 })).json();
    // A draft show is hidden from members: not found, as an unknown one.
    const hidden = await call(member, 'PUT', `/api/reminders/${idle.id}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ message: showMessages.notFound, code: 'not_found' });
    // A show members see but that is not coming up (already live) is refused as such.
    await t.database.db.updateTable('shows').set({ status: 'paused' }).where('id', '=', id).execute();
    const refused = await call(member, 'PUT', `/api/reminders/${id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: memberMessages.reminderNotAllowed, code: 'conflict' });
    await t.database.db.updateTable('shows').set({ status: 'completed' }).where('id', '=', id).execute();
    expect((await call(null, 'PUT', `/api/reminders/${id}`)).statusCode).toBe(401);
    const badId = await call(member, 'PUT', '/api/reminders/not-a-show');
    expect(badId.statusCode).toBe(400);
  });

  it("emails 'starts in' at the lead time and 'is live now' at the launch; one-click unsubscribe stops the rest", async () => {
    const [stays, leaves, never] = members;
    if (!stays || !leaves || !never) throw new Error('setup');
    const title = `Launch ${backend}`;
    const { id, launchAt } = await scheduledShow(title, LEAD_S * 1000 + 3000);
    for (const member of [stays, leaves])
      expect((await call(member, 'PUT', `/api/reminders/${id}`)).statusCode).toBe(200);

    const soon = await Promise.all(
      [stays, leaves].map((m) =>
        smtp.waitFor((mail) => mail.subject === `${title} starts in 1 minute` && recipient(mail) === m.email, 15_000),
      ),
    );
    const soonAt = Date.now();
    // Due at launch - lead; delivered within a second and a half of it (a loaded machine).
    expect(soonAt).toBeGreaterThanOrEqual(launchAt - LEAD_S * 1000 - 50);
    expect(soonAt).toBeLessThan(launchAt - LEAD_S * 1000 + 1500);
    const [, leaving] = soon;
    if (!leaving) throw new Error('no email');
    expect(leaving.text).toContain(`${ORIGIN}/show`);
    expect(leaving.text).toMatch(new RegExp(`${ORIGIN}/unsubscribe\\?token=[\\w-]{32}`));
    expect(headerLine(leaving, 'list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');

    // The mail client's own Unsubscribe button: RFC 8058's POST, from the provider's servers —
    // a form body, no Origin, no cookie.
    const url = new URL(oneClickUrl(leaving));
    expect(`${url.origin}${url.pathname}`).toBe(`${ORIGIN}/api/reminders/unsubscribe`);
    const oneClick = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.json()).toEqual({ message: memberMessages.unsubscribed, showTitle: title });
    expect((await call(leaves, 'GET', `/api/reminders/${id}`)).json().subscribed).toBe(false);

    const live = await smtp.waitFor((mail) => mail.subject === `${title} is live now`, 15_000);
    expect(Date.now()).toBeGreaterThanOrEqual(launchAt - 50);
    expect(Date.now()).toBeLessThan(launchAt + 1500);
    expect(recipient(live)).toBe(stays.email);
    await new Promise((r) => setTimeout(r, 500));
    // Two 'soon' emails, one 'live' email: nothing for the member who left, nothing twice.
    expect(
      mailsAbout(title)
        .map((m) => `${m.subject} → ${recipient(m)}`)
        .sort(),
    ).toEqual(
      [
        `${title} is live now → ${stays.email}`,
        `${title} starts in 1 minute → ${leaves.email}`,
        `${title} starts in 1 minute → ${stays.email}`,
      ].sort(),
    );
  });

  it('moves the emails with a reschedule: nothing at the old time, both at the new one', async () => {
    const [member] = members;
    if (!member) throw new Error('setup');
    const title = `Moved ${backend}`;
    // The old 'soon' is due 3 s after this: room for the subscription and the move on a loaded
    // machine (with 0.5 s, a slow PATCH let the old time's email go out, rightly).
    const { id, launchAt } = await scheduledShow(title, LEAD_S * 1000 + 3000);
    expect((await call(member, 'PUT', `/api/reminders/${id}`)).statusCode).toBe(200);
    const later = launchAt + 3000;
    expect((await schedule(id, later)).statusCode).toBe(200);
    expect(Date.now()).toBeLessThan(launchAt - LEAD_S * 1000);

    await smtp.waitFor((mail) => mail.subject === `${title} starts in 1 minute`, 15_000);
    expect(Date.now()).toBeGreaterThanOrEqual(later - LEAD_S * 1000 - 50);
    await smtp.waitFor((mail) => mail.subject === `${title} is live now`, 15_000);
    expect(Date.now()).toBeGreaterThanOrEqual(later - 50);
    // The old launch is 3 s past: anything its wake-ups sent would be here. Nothing was — two
    // emails, both written for the new time (read from the outbox, not guessed from arrival times,
    // so a late timer in this test cannot mistake the new 'soon' for the old one).
    expect(mailsAbout(title)).toHaveLength(2);
    const written = await t.database.db
      .selectFrom('mailOutbox')
      .select(['kind', 'payload'])
      .where(sql<boolean>`payload->>'showId' = ${id}`)
      .execute();
    expect(written.map((row) => `${row.kind} ${row.payload.launchAt}`).sort()).toEqual([
      `reminder_launch ${later}`,
      `reminder_soon ${later}`,
    ]);
  });

  it('unsubscribes from the emailed page link (a JSON POST), and tells a second click it was already done', async () => {
    const [member] = members;
    if (!member) throw new Error('setup');
    const { id } = await scheduledShow(`Page ${backend}`, 3_600_000);
    await call(member, 'PUT', `/api/reminders/${id}`);
    const row = await t.database.db
      .selectFrom('showReminders')
      .select('unsubscribeToken')
      .where('showId', '=', id)
      .executeTakeFirstOrThrow();
    const url = `/api/reminders/unsubscribe?token=${row.unsubscribeToken}`;
    const first = await call(null, 'POST', url, {});
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: memberMessages.unsubscribed, showTitle: `Page ${backend}` });
    const again = await t.app.inject({ method: 'POST', url });
    expect(again.json()).toEqual({ message: memberMessages.alreadyUnsubscribed, showTitle: null });
    const invalid = await call(null, 'POST', '/api/reminders/unsubscribe?token=nope', {});
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({ message: memberMessages.unsubscribeInvalid, code: 'invalid_request' });
    // Form bodies stay refused everywhere else.
    const form = await t.app.inject({
      method: 'PUT',
      url: `/api/reminders/${id}`,
      headers: { origin: ORIGIN, cookie: member.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'a=b',
    });
    expect(form.statusCode).toBe(415);
  });

  it('serves the launch as an .ics file: UTC start, title, length of the show, an alarm 15 minutes before', async () => {
    const [member] = members;
    if (!member) throw new Error('setup');
    const created = await call(admin, 'POST', '/api/shows', {
      title: 'Calendar Drop: Steel & Fire',
      description: 'Three knives',
      perKnifeSeconds: 600,
      intermissionSeconds: 60,
      prerollSeconds: 120,
    });
    const showId = created.json().id as string;
    for (const title of ['One', 'Two', 'Three']) {
      await call(admin, 'POST', '/api/show-items', { showId, title, price: '10.00', imageUrls: ['/media/a.jpg'] });
    }
    // Not scheduled yet: a draft, hidden from members.
    expect((await call(member, 'GET', `/api/reminders/${showId}/calendar.ics`)).statusCode).toBe(404);
    const launchAt = Math.floor((Date.now() + 86_400_000) / 1000) * 1000;
    expect((await schedule(showId, launchAt)).statusCode).toBe(200);

    const res = await call(member, 'GET', `/api/reminders/${showId}/calendar.ics`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="calendar-drop-steel-fire.ics"');
    const calendar = new ICAL.Component(ICAL.parse(res.body));
    const event = calendar.getFirstSubcomponent('vevent');
    if (!event) throw new Error('no VEVENT');
    const parsed = new ICAL.Event(event);
    expect(parsed.uid).toBe(`show-${showId}@localhost`);
    expect(parsed.summary).toBe('Calendar Drop: Steel & Fire');
    expect(parsed.startDate.toJSDate().getTime()).toBe(launchAt);
    expect(parsed.startDate.zone?.tzid).toBe('UTC');
    // 2 min preroll + 3 × (10 min + 1 min)
    expect(parsed.endDate.toJSDate().getTime() - launchAt).toBe(35 * 60_000);
    expect(event.getFirstPropertyValue('url')).toBe(`${ORIGIN}/show`);
    const alarm = event.getFirstSubcomponent('valarm');
    expect(alarm?.getFirstPropertyValue('action')).toBe('DISPLAY');
    expect(String(alarm?.getFirstPropertyValue('trigger'))).toBe('-PT15M');

    expect((await call(null, 'GET', `/api/reminders/${showId}/calendar.ics`)).statusCode).toBe(401);
    const unknown = await call(member, 'GET', '/api/reminders/00000000-0000-4000-8000-000000000000/calendar.ics');
    expect(unknown.statusCode).toBe(404);
  });
  it('answers every reminder call on a show members cannot see (draft, ended) exactly as on an unknown one', async () => {
    const [member] = members;
    if (!member) throw new Error('setup');
    const answer = (res: { statusCode: number; body: string }) => ({ status: res.statusCode, body: res.body });
    const unknown = '00000000-0000-4000-8000-00000000beef';
    const draft = (await call(admin, 'POST', '/api/shows', { title: 'Draft', perKnifeSeconds: 60 })).json()
      .id as string;
    const { id: ended } = await scheduledShow('Ended', 3_600_000);
    await t.database.db.updateTable('shows').set({ status: 'completed' }).where('id', '=', ended).execute();
    for (const hidden of [draft, ended]) {
      for (const [method, suffix] of [
        ['GET', ''],
        ['PUT', ''],
        ['DELETE', ''],
        ['GET', '/calendar.ics'],
      ] as const) {
        const seen = answer(await call(member, method, `/api/reminders/${hidden}${suffix}`));
        expect(seen, `${method} ${suffix} on ${hidden === draft ? 'draft' : 'ended'}`).toEqual(
          answer(await call(member, method, `/api/reminders/${unknown}${suffix}`)),
        );
        expect(seen.status).toBe(404);
      }
    }
    const rows = await t.database.db
      .selectFrom('showReminders')
      .selectAll()
      .where('showId', 'in', [draft, ended])
      .execute();
    expect(rows).toEqual([]);
  });
});
