import { QueryClientProvider } from '@tanstack/react-query';
import { type CurrentDraw, type CurrentItem, drawMessages } from '@vault/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import type { DrawStage } from '../draw-state';
import type { PurchaseArea } from '../purchase-state';
import { DrawArea } from './draw-area';

const ITEM = '6f1c2f52-3a55-4c5e-9c51-5b7f6b0c1a11';
const draw: CurrentDraw = {
  id: '9a1c2f52-3a55-4c5e-9c51-5b7f6b0c1a22',
  commitment: '0123456789abcdef'.repeat(4),
  closesAt: 120_000,
  status: 'open',
  entered: false,
  entryNumber: null,
};
const item: CurrentItem = {
  id: ITEM,
  title: 'Raven Tanto',
  category: null,
  bladeType: null,
  description: null,
  price: '450.00',
  status: 'showing',
  imageUrls: [],
  mainVideoUrl: null,
  soldToUserId: null,
  legalClass: null,
  bladeLength: null,
  saleMode: 'draw',
  draw,
};

/** The area as React renders it, reduced to the words a member reads. */
function render(stage: DrawStage, kind: PurchaseArea = 'buy') {
  const html = renderToStaticMarkup(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <DrawArea item={item} draw={draw} stage={stage} kind={kind} stale={false} refusal={undefined} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const text = html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  return { html, text };
}

describe("a draw item's purchase area", () => {
  it('offers Enter the draw, not Buy Now, with what entering agrees to and the commitment', () => {
    const { html, text } = render({ stage: 'open', entryNumber: null, msLeft: 20_000 });
    expect(text).toBe(
      `Enter the draw ${drawMessages.agreement} Draw commitment 0123456789…abcdef · How this draw is checked`,
    );
    expect(html).toContain(`href="/draws/${ITEM}"`);
    expect(html).toContain('aria-describedby="draw-agreement"');
    expect(text).not.toContain('Buy Now');
  });

  it("replaces the button with the member's entry once they are in", () => {
    const { text } = render({ stage: 'open', entryNumber: 17, msLeft: 20_000 });
    expect(text).toContain("You're in (entry #17)");
    expect(text).not.toContain('Enter the draw');
  });

  it('keeps the onboarding prompt and the not-available note of Buy Now', () => {
    expect(render({ stage: 'open', entryNumber: null, msLeft: 1 }, 'onboarding').text).toContain(
      'Complete onboarding to purchase',
    );
    expect(render({ stage: 'open', entryNumber: null, msLeft: null }, 'unavailable').text).toContain(
      'Not available for purchase at this time',
    );
  });

  it('says Drawing…, then the outcome for an entrant who lost or a draw with no winner', () => {
    expect(render({ stage: 'drawing', entryNumber: 17 }).text).toContain('Drawing… Your entry #17 is in the draw.');
    const lost = render({ stage: 'lost', entryNumber: 17 });
    expect(lost.text).toContain(
      'The draw is over — this knife went to another entrant See the public record of the draw',
    );
    expect(render({ stage: 'no_winner', entryNumber: null }).text).toContain('The draw closed with no winner');
  });

  it('adds nothing to the Sold panel for the winner or a member who did not enter', () => {
    for (const stage of [{ stage: 'won' }, { stage: 'sold' }] as const) {
      expect(render(stage).text).toBe('Draw commitment 0123456789…abcdef · How this draw is checked');
    }
  });
});
