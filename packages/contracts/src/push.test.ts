import { describe, expect, it } from 'vitest';
import { PushPayload } from './push';

const payload = (url: string) => ({ kind: 'won', title: 'You won', body: 'It is yours.', url, tag: 'won:1' });

describe('PushPayload', () => {
  it('takes a path on this origin', () => {
    for (const url of ['/show', '/account?tab=orders', '/draws/2b1c'])
      expect(PushPayload.safeParse(payload(url)).success).toBe(true);
  });

  it('refuses what a browser would read as another site', () => {
    for (const url of ['//evil.example/x', '/\\evil.example', 'https://evil.example/', 'show'])
      expect(PushPayload.safeParse(payload(url)).success).toBe(false);
  });
});
