import { describe, expect, it } from 'vitest';
import {
  APPLIES_EVERYWHERE,
  DENIED,
  deviceSentence,
  deviceStateOf,
  devicesSentence,
  explanation,
  failureSentence,
  IOS_HOME_SCREEN,
  PUSH_SERVICE,
} from './messages';
import { type PushEnvironment, pushSupport } from './support';

const desktop: PushEnvironment = {
  serviceWorker: true,
  pushManager: true,
  notification: true,
  ios: false,
  standalone: false,
};
// iOS Safari in a tab exposes service workers but neither PushManager nor Notification.
const iosTab: PushEnvironment = { ...desktop, pushManager: false, notification: false, ios: true };

describe('push support', () => {
  it('is supported where service workers, the Push API and notifications all exist', () => {
    expect(pushSupport(desktop)).toEqual({ supported: true });
    expect(pushSupport({ ...iosTab, pushManager: true, notification: true, standalone: true })).toEqual({
      supported: true,
    });
  });

  it('sends iPhone and iPad users in a Safari tab to the Home Screen, with the steps', () => {
    expect(pushSupport(iosTab)).toEqual({ supported: false, reason: 'ios-home-screen' });
    expect(deviceSentence({ state: 'unsupported', reason: 'ios-home-screen' })).toBe(
      'On iPhone and iPad, add the vault to your Home Screen first (Share → Add to Home Screen), then turn notifications on there.',
    );
    expect(failureSentence('ios-home-screen')).toBe(IOS_HOME_SCREEN);
  });

  it('tells a Home Screen app without push that iOS is too old, not to add it again', () => {
    expect(pushSupport({ ...iosTab, standalone: true })).toEqual({ supported: false, reason: 'ios-too-old' });
    expect(deviceSentence({ state: 'unsupported', reason: 'ios-too-old' })).toContain('iOS 16.4 or later');
  });

  it('calls any other browser missing a piece unsupported, and keeps email', () => {
    for (const missing of ['serviceWorker', 'pushManager', 'notification'] as const) {
      expect(pushSupport({ ...desktop, [missing]: false })).toEqual({ supported: false, reason: 'browser' });
    }
    expect(deviceSentence({ state: 'unsupported', reason: 'browser' })).toMatch(/keep emailing you/);
  });
});

describe('the device state', () => {
  const yes = { supported: true } as const;

  it('is on only with a subscription and the permission granted', () => {
    expect(deviceStateOf(yes, 'granted', true)).toEqual({ state: 'on' });
    expect(deviceStateOf(yes, 'granted', false)).toEqual({ state: 'off' });
    // The permission was reset in the browser's settings: the old subscription can show nothing.
    expect(deviceStateOf(yes, 'default', true)).toEqual({ state: 'off' });
  });

  it('is denied when the site is blocked, subscription or not', () => {
    expect(deviceStateOf(yes, 'denied', true)).toEqual({ state: 'denied' });
    expect(deviceSentence({ state: 'denied' })).toBe(DENIED);
    expect(DENIED).toBe("Notifications are blocked for this site in your browser settings. We'll keep emailing you.");
  });

  it('is unsupported before anything else', () => {
    expect(deviceStateOf({ supported: false, reason: 'browser' }, 'granted', true)).toEqual({
      state: 'unsupported',
      reason: 'browser',
    });
  });

  it('says each state in a sentence, and counts devices in words', () => {
    expect(deviceSentence({ state: 'on' })).toBe('Notifications are on for this device.');
    expect(deviceSentence({ state: 'off' })).toBe('Notifications are off on this device.');
    expect(devicesSentence(0)).toBe('None of your devices receive notifications yet.');
    expect(devicesSentence(1)).toBe('Notifications reach 1 of your devices.');
    expect(devicesSentence(3)).toBe('Notifications reach 3 of your devices.');
    expect(APPLIES_EVERYWHERE).toBe('Applies to every device where notifications are on.');
  });

  it('explains push with the switches beside it, or says where they are', () => {
    expect(explanation(true)).toBe(
      "We'll tap you on the shoulder when a show you asked about starts, a knife you hearted is next, you win, your order ships, or a draw you entered is drawn. Your browser will ask for permission next. You can turn each one off here.",
    );
    expect(explanation(false)).toMatch(/You can turn each one off on your account page\.$/);
  });
});

describe('failure sentences', () => {
  it('says the push service could not be reached, and that email goes on', () => {
    expect(failureSentence('push-service')).toBe(PUSH_SERVICE);
    expect(PUSH_SERVICE).toMatch(/could not reach its push service/);
    expect(PUSH_SERVICE).toMatch(/keep emailing you/);
  });

  it("quotes the server's own sentence without doubling its full stop", () => {
    expect(failureSentence('server', 'Too many devices.')).toBe(
      'The vault could not turn notifications on: Too many devices.',
    );
    expect(failureSentence('server')).toBe('The vault could not turn notifications on: please try again.');
  });

  it('never leaves a failure without words', () => {
    const failures = [
      'ios-home-screen',
      'ios-too-old',
      'browser',
      'denied',
      'dismissed',
      'no-worker',
      'push-service',
      'refused',
      'unavailable',
      'network',
      'server',
      'not-turned-off',
    ] as const;
    const sentences = failures.map((f) => failureSentence(f));
    for (const sentence of sentences) expect(sentence).toMatch(/^[A-Z].{20,}\.$/);
    expect(new Set(sentences).size).toBe(failures.length);
  });
});
