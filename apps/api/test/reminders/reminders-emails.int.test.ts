import { memberMessages } from '@vault/contracts';
import { backends, type SeededMember, type SmtpCapture } from '@vault/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, type TestApp } from '../test-app';
import {
  closeRemindersScene,
  headerLine,
  LEAD_S,
  oneClickUrl,
  type RemindersScene,
  recipient,
  reminderHelpers,
  startRemindersScene,
} from './reminders-support';

// The reminder emails on the clock: 'starts in' at the lead time, 'is live now' at the launch,
// the one-click unsubscribe from the mail client, and both emails moving with a reschedule.

describe.each(backends)('show reminders by email on %s (real SMTP)', (backend) => {
  let scene: RemindersScene | undefined;
  let t: TestApp;
  let smtp: SmtpCapture;
  let members: SeededMember[];

  beforeAll(async () => {
    scene = await startRemindersScene(backend);
    ({ t, smtp, members } = scene);
  });
  afterAll(async () => {
    await closeRemindersScene(scene);
  });

  const { call, scheduledShow, schedule, mailsAbout } = reminderHelpers(() => {
    if (!scene) throw new Error('setup');
    return scene;
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
});
