import { DRAW_CLOSE_MARGIN_SECONDS, drawMessages, drawWindowIssue } from '@vault/contracts';
import { describe, expect, it } from 'vitest';
import { drawWindowHint, saleModeChoice, saleModeText } from './sale-mode';

describe('the Sale mode choice', () => {
  it('gives first press no window, whatever was typed', () => {
    expect(saleModeChoice({ saleMode: 'first_press', drawWindowSeconds: '12' }, 60)).toEqual({
      ok: true,
      saleMode: 'first_press',
      drawWindowSeconds: null,
    });
  });

  it("takes a draw's window as a whole number of seconds within the show's time", () => {
    expect(saleModeChoice({ saleMode: 'draw', drawWindowSeconds: ' 30 ' }, 60)).toEqual({
      ok: true,
      saleMode: 'draw',
      drawWindowSeconds: 30,
    });
    expect(saleModeChoice({ saleMode: 'draw', drawWindowSeconds: '' }, 60)).toEqual({
      ok: false,
      message: drawMessages.windowRequired,
    });
    expect(saleModeChoice({ saleMode: 'draw', drawWindowSeconds: '12.5' }, 60)).toEqual({
      ok: false,
      message: 'Draw window must be a whole number of seconds',
    });
    expect(saleModeChoice({ saleMode: 'draw', drawWindowSeconds: '601' }, undefined)).toEqual({
      ok: false,
      message: 'Draw window must be at most 600 seconds',
    });
    // The margin is the API's: the same sentence, at the same edge.
    const edge = 60 - DRAW_CLOSE_MARGIN_SECONDS;
    expect(saleModeChoice({ saleMode: 'draw', drawWindowSeconds: String(edge) }, 60).ok).toBe(true);
    expect(saleModeChoice({ saleMode: 'draw', drawWindowSeconds: String(edge + 1) }, 60)).toEqual({
      ok: false,
      message: drawWindowIssue('draw', edge + 1, 60),
    });
    // No show chosen yet: only the window's own bounds.
    expect(saleModeChoice({ saleMode: 'draw', drawWindowSeconds: '300' }, undefined).ok).toBe(true);
  });

  it('says how long the window may run, and reads the card', () => {
    expect(drawWindowHint(60)).toBe("Seconds members have to enter: up to 58 for this show's 60 seconds per item");
    expect(drawWindowHint(6)).toBe("This show's 6 seconds per item leave no room for a draw");
    expect(drawWindowHint(undefined)).toBe('Seconds members have to enter, e.g. 30');
    expect(saleModeText({ saleMode: 'draw', drawWindowSeconds: 30 })).toBe('Draw · 30 s window');
    expect(saleModeText({ saleMode: 'first_press', drawWindowSeconds: null })).toBeNull();
  });
});
