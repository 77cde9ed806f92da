import { renderToStaticMarkup } from 'react-dom/server';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { SaleModeFields } from './sale-mode-fields';

const registered = (name: string): UseFormRegisterReturn => ({
  name,
  onChange: async () => undefined,
  onBlur: async () => undefined,
  ref: () => undefined,
});

const render = (current: 'first_press' | 'draw', error?: string) =>
  renderToStaticMarkup(
    <SaleModeFields
      saleMode={{ input: registered('saleMode') }}
      drawWindowSeconds={{ input: registered('drawWindowSeconds'), error }}
      current={current}
      perKnifeSeconds={60}
    />,
  );

describe('the Sale mode fields', () => {
  it('offers First press and Draw, and asks for the window only for a draw', () => {
    const firstPress = render('first_press');
    expect(firstPress).toContain('Sale mode');
    expect(firstPress).toContain('First press');
    expect(firstPress).toContain('Draw');
    expect(firstPress.match(/type="radio"/g)).toHaveLength(2);
    expect(firstPress).not.toContain('Draw window (seconds)');

    const draw = render('draw');
    expect(draw).toContain('Draw window (seconds)');
    expect(draw).toContain('up to 58 for this show&#x27;s 60 seconds per item');
    // A refused window says why in place of the hint.
    expect(render('draw', 'A draw needs its entry window in seconds')).toContain(
      'role="alert" class="mt-1.5 text-red-400 text-sm">A draw needs its entry window in seconds',
    );
  });
});
