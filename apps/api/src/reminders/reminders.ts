import { randomBytes } from 'node:crypto';
import {
  memberMessages,
  REMINDER_LEAD_MINUTES,
  type ReminderView,
  showMessages,
  type UnsubscribeResult,
} from '@vault/contracts';
import type { Show } from '@vault/db';
import { createEvent } from 'ics';
import { AppError } from '../core/app-error';
import type { ServiceDeps } from '../core/deps';
import { findShow, membersCanSee } from '../shows';
import { countShowItems, deleteReminder, deleteReminderByToken, hasReminder, insertReminder } from './repository';

const NOT_FOUND = new AppError(404, 'not_found', showMessages.notFound);
const NOT_ALLOWED = new AppError(409, 'conflict', memberMessages.reminderNotAllowed);

/**
 * A show members see (not a draft, an ended show or the standing test-products one), or 404 as
 * for an unknown id: a 200 or a 409 on a hidden show told a member that it exists.
 */
async function liveShow(deps: Pick<ServiceDeps, 'db'>, showId: string): Promise<Show> {
  const show = await findShow(deps.db, showId);
  if (!show || !membersCanSee(show)) throw NOT_FOUND;
  return show;
}

/** The launch time of a show scheduled to launch later; else 409 (nothing to remind of). */
function upcomingLaunch(show: Show, now: number): Date {
  if (show.status !== 'scheduled' || !show.launchTime || show.launchTime.getTime() <= now) throw NOT_ALLOWED;
  return show.launchTime;
}

export async function reminderView(
  deps: Pick<ServiceDeps, 'db'>,
  userId: string,
  showId: string,
): Promise<ReminderView> {
  await liveShow(deps, showId);
  return { showId, subscribed: await hasReminder(deps.db, showId, userId) };
}

/**
 * "Notify me": the member gets an email a lead time before the launch and one at it. The token
 * is the one-click unsubscribe link's secret. It is stored as it is, not hashed: every reminder
 * email carries it again, and all it can do is end this one subscription.
 */
export async function subscribe(
  deps: Pick<ServiceDeps, 'db' | 'notify' | 'log' | 'now'>,
  userId: string,
  showId: string,
): Promise<ReminderView> {
  upcomingLaunch(await liveShow(deps, showId), deps.now());
  await insertReminder(deps.db, { showId, userId, unsubscribeToken: randomBytes(24).toString('base64url') });
  // Scheduling the show armed its wake-ups already; arming again is a no-op that also covers a
  // wake-up lost before this member asked. Its failure (Redis down) must not undo the request:
  // a starting worker re-arms every show with subscribers.
  await deps.notify
    .armReminders(showId)
    .catch((error: unknown) => deps.log.warn({ err: error, showId }, 'reminders not armed'));
  return { showId, subscribed: true };
}

export async function unsubscribe(
  deps: Pick<ServiceDeps, 'db'>,
  userId: string,
  showId: string,
): Promise<ReminderView> {
  await liveShow(deps, showId);
  await deleteReminder(deps.db, showId, userId);
  return { showId, subscribed: false };
}

/** The emailed link (or a mail client's one-click button): no session, the token is the proof. */
export async function unsubscribeByToken(deps: Pick<ServiceDeps, 'db'>, token: string): Promise<UnsubscribeResult> {
  const gone = await deleteReminderByToken(deps.db, token);
  return gone
    ? { message: memberMessages.unsubscribed, showTitle: gone.showTitle }
    : { message: memberMessages.alreadyUnsubscribed, showTitle: null };
}

/** How long the calendar entry lasts when the lineup is empty or short. */
const MIN_EVENT_MINUTES = 15;

/** "Spring Drop!" → "spring-drop": the downloaded file's name. */
function slugOf(title: string): string {
  const slug = title
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return slug || 'vault-show';
}

/**
 * "Add to calendar": an iCalendar event for the launch, with a display alarm as long before it as
 * the first reminder email. Its UID is stable per show, so importing it again after a reschedule updates the entry
 * instead of adding a second one. It lasts about as long as the show: preroll, then each item's
 * time on screen and intermission.
 */
export async function showCalendar(
  deps: Pick<ServiceDeps, 'db' | 'config' | 'now'>,
  showId: string,
): Promise<{ filename: string; ics: string }> {
  const show = await liveShow(deps, showId);
  const launch = upcomingLaunch(show, deps.now());
  const items = await countShowItems(deps.db, showId);
  const seconds = show.prerollSeconds + items * (show.perKnifeSeconds + show.intermissionSeconds);
  const minutes = Math.max(MIN_EVENT_MINUTES, Math.ceil(seconds / 60));
  const { publicUrl } = deps.config;
  const { error, value } = createEvent({
    productId: 'the-vault/reminders',
    uid: `show-${show.id}@${new URL(publicUrl).hostname}`,
    start: launch.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes },
    title: show.title,
    description: [show.description, `Watch live: ${publicUrl}/show`].filter(Boolean).join('\n\n'),
    url: `${publicUrl}/show`,
    status: 'CONFIRMED',
    alarms: [
      {
        action: 'display',
        description: `${show.title} starts in ${REMINDER_LEAD_MINUTES} minutes`,
        trigger: { minutes: REMINDER_LEAD_MINUTES, before: true },
      },
    ],
  });
  if (error || !value) throw error ?? new Error('the calendar entry could not be written');
  return { filename: `${slugOf(show.title)}.ics`, ics: value };
}
