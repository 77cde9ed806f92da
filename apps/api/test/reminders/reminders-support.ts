import { createMailer, startNotifyWorker } from '@vault/notify';
import {
  type Backend,
  type ParsedMail,
  type SeededMember,
  type SmtpCapture,
  seedOnboardedMembers,
  startSmtpCapture,
} from '@vault/testing';
import { pino } from 'pino';
import { expect } from 'vitest';
import { buildTestApp, ORIGIN, type TestApp } from '../test-app';

// Shared by the reminder tests: the app sending to a real SMTP capture (through a notify worker
// when scaled), an admin and three members, and the calls that schedule shows and subscribe.

/** The 'soon' email goes this long before the launch (REMINDER_LEAD_SECONDS, shortened). */
export const LEAD_S = 2;
const SECRET = 'test-session-secret-at-least-32-characters';

/** A header line as sent (mailparser folds List-* headers into an object of its own). */
export const headerLine = (mail: ParsedMail, key: string) => mail.headerLines.find((h) => h.key === key)?.line ?? '';

export function oneClickUrl(mail: ParsedMail): string {
  const raw = headerLine(mail, 'list-unsubscribe');
  const match = raw.match(/<([^>]+)>/);
  if (!match?.[1]) throw new Error(`no List-Unsubscribe in ${raw}`);
  return match[1];
}

export const recipient = (mail: ParsedMail) => (mail.to && !Array.isArray(mail.to) ? mail.to.text : '');

export interface RemindersScene {
  t: TestApp;
  smtp: SmtpCapture;
  admin: SeededMember;
  members: SeededMember[];
  worker: Awaited<ReturnType<typeof startNotifyWorker>> | null;
}

export async function startRemindersScene(backend: Backend): Promise<RemindersScene> {
  const smtp = await startSmtpCapture();
  let t: TestApp | undefined;
  try {
    t = await buildTestApp(backend, { config: { smtpUrl: smtp.url, reminderLeadSeconds: LEAD_S } });
    const seeded = await seedOnboardedMembers(t.database.db, { count: 4, sessionSecret: SECRET });
    const [admin, ...members] = seeded;
    if (!admin) throw new Error('setup');
    await t.database.db.updateTable('users').set({ role: 'admin' }).where('id', '=', admin.userId).execute();
    // Scaled: the API only queues; a worker (here in-process, on the same Redis) sends.
    const worker = t.redis
      ? await startNotifyWorker({
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
        })
      : null;
    return { t, smtp, admin, members, worker };
  } catch (error) {
    // A failed start still stops what it started, as the tests' afterAll would.
    await t?.close();
    await smtp.close();
    throw error;
  }
}

export async function closeRemindersScene(scene: RemindersScene | undefined): Promise<void> {
  await scene?.worker?.close();
  await scene?.t.close();
  await scene?.smtp.close();
}

export function reminderHelpers(scene: () => RemindersScene) {
  const call = (
    member: SeededMember | null,
    method: 'GET' | 'PUT' | 'DELETE' | 'POST' | 'PATCH',
    url: string,
    payload?: object,
  ) =>
    scene().t.app.inject({
      method,
      url,
      headers: { origin: ORIGIN, ...(member ? { cookie: member.cookie } : {}) },
      ...(payload ? { payload } : {}),
    });

  /** A live show with no items (it never starts, so shows never collide), scheduled `inMs` from now. */
  async function scheduledShow(title: string, inMs: number): Promise<{ id: string; launchAt: number }> {
    const created = await call(scene().admin, 'POST', '/api/shows', { title, perKnifeSeconds: 60 });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    const launchAt = Date.now() + inMs;
    const scheduled = await schedule(id, launchAt);
    expect(scheduled.statusCode).toBe(200);
    return { id, launchAt };
  }
  const schedule = (showId: string, launchAt: number) =>
    call(scene().admin, 'PATCH', `/api/shows/${showId}/schedule`, {
      launchTime: new Date(launchAt).toISOString(),
      status: 'scheduled',
    });

  const mailsAbout = (title: string) => scene().smtp.messages.filter((m) => m.subject?.startsWith(title));

  return { call, scheduledShow, schedule, mailsAbout };
}
