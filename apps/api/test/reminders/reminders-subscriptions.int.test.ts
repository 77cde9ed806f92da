import { memberMessages, showMessages } from '@vault/contracts';
import { backends, DEFAULT_KNIFE_FACTS, type SeededMember } from '@vault/testing';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, type TestApp } from '../test-app';
import { closeRemindersScene, type RemindersScene, reminderHelpers, startRemindersScene } from './reminders-support';

// Subscribing to a show's reminders and leaving them (from the app or the emailed page link), the
// launch as a calendar file, and shows members cannot see answered as unknown ones.

describe.each(backends)('show reminders by email on %s (real SMTP)', (backend) => {
  let scene: RemindersScene | undefined;
  let t: TestApp;
  let admin: SeededMember;
  let members: SeededMember[];

  beforeAll(async () => {
    scene = await startRemindersScene(backend);
    ({ t, admin, members } = scene);
  });
  afterAll(async () => {
    await closeRemindersScene(scene);
  });

  const { call, scheduledShow, schedule } = reminderHelpers(() => {
    if (!scene) throw new Error('setup');
    return scene;
  });

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
      const item = { showId, title, price: '10.00', imageUrls: ['/media/a.jpg'], ...DEFAULT_KNIFE_FACTS };
      await call(admin, 'POST', '/api/show-items', item);
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
