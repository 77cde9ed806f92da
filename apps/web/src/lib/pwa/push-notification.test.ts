import { PushPayload } from '@vault/contracts';
import { describe, expect, it } from 'vitest';
import { clickTarget, GENERIC_NOTIFICATION, notificationFor } from './push-notification';

const won: PushPayload = {
  kind: 'won',
  title: 'You won the Raven Tanto',
  body: 'It is yours. See your order.',
  url: '/account?tab=orders',
  tag: 'won:si_1',
};

describe('the notification a push becomes', () => {
  it('shows the payload title, body and tag, and keeps its path for the tap', () => {
    expect(notificationFor(won)).toEqual({
      title: won.title,
      options: { body: won.body, tag: won.tag, data: { url: '/account?tab=orders' } },
    });
  });

  it('shows the generic notification for anything the contract refuses', () => {
    const refused = [
      undefined,
      'not json',
      { ...won, url: 'https://evil.example/' },
      { ...won, url: '//evil.example/x' },
      { ...won, title: 'x'.repeat(121) },
      { ...won, body: 42 },
      { ...won, tag: undefined },
    ];
    for (const data of refused) {
      expect(PushPayload.safeParse(data).success).toBe(false);
      expect(notificationFor(data)).toEqual(GENERIC_NOTIFICATION);
    }
  });

  it('accepts every payload the contract accepts', () => {
    for (const url of ['/show', '/account?tab=orders', '/draws/si_9']) {
      const payload = { ...won, url };
      expect(PushPayload.safeParse(payload).success).toBe(true);
      expect(notificationFor(payload).options.data.url).toBe(url);
    }
  });
});

describe('where a tap leads', () => {
  it('opens the notification path on our origin, or /show for anything else', () => {
    expect(clickTarget({ url: '/draws/si_9' })).toBe('/draws/si_9');
    expect(clickTarget({ url: 'https://evil.example/' })).toBe('/show');
    expect(clickTarget({ url: '/\\evil.example' })).toBe('/show');
    expect(clickTarget(null)).toBe('/show');
  });
});
