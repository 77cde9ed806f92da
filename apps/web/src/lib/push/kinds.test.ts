import { inKindOrder, pushKinds } from '@vault/contracts';
import { describe, expect, it } from 'vitest';
import { base64UrlToBytes, sameKey } from './keys';
import { kindsToTurnOn, withKind } from './kinds';

describe('the kinds a device subscribes with', () => {
  it("keeps the member's switches and adds what the offer is about, in the switches' order, once", () => {
    expect(kindsToTurnOn(['won', 'hearted_next'])).toEqual(['hearted_next', 'won']);
    expect(kindsToTurnOn(['shipped', 'show_starting'], ['show_starting'])).toEqual(['show_starting', 'shipped']);
    expect(kindsToTurnOn(['won'], ['show_starting'])).toEqual(['show_starting', 'won']);
  });

  it('turns every kind on for a member whose switches are all off', () => {
    expect(kindsToTurnOn([])).toEqual([...pushKinds]);
  });

  it('flips one switch and leaves the others', () => {
    expect(withKind(['show_starting', 'won'], 'won', false)).toEqual(['show_starting']);
    expect(withKind(['won'], 'draw_drawn', true)).toEqual(['won', 'draw_drawn']);
    expect(withKind(['won'], 'won', true)).toEqual(['won']);
    expect(inKindOrder(['draw_drawn', 'show_starting', 'draw_drawn'])).toEqual(['show_starting', 'draw_drawn']);
  });
});

describe('the server key', () => {
  it('decodes base64url without padding to its bytes', () => {
    const bytes = Uint8Array.from({ length: 65 }, (_, i) => (i * 37 + 4) % 256);
    const text = Buffer.from(bytes).toString('base64url');
    expect(text).not.toContain('=');
    expect([...base64UrlToBytes(text)]).toEqual([...bytes]);
  });

  it('tells a subscription made with another key from one made with this key', () => {
    const key = base64UrlToBytes(Buffer.from([1, 2, 3, 250]).toString('base64url'));
    expect(sameKey(new Uint8Array([1, 2, 3, 250]).buffer, key)).toBe(true);
    expect(sameKey(new Uint8Array([1, 2, 3, 251]).buffer, key)).toBe(false);
    expect(sameKey(new Uint8Array([1, 2, 3]).buffer, key)).toBe(false);
    expect(sameKey(null, key)).toBe(false);
  });
});
