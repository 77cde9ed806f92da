import { QueryClientProvider } from '@tanstack/react-query';
import { DRAW_RULE, type PublicDraw } from '@vault/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../lib/paths';
import { createQueryClient } from '../../../lib/query-client';
import { currentUserKey } from '../../../lib/query-keys';
import { drawKey } from '../api';
import { DrawPage } from './draw-page';

const ITEM = '6f1c2f52-3a55-4c5e-9c51-5b7f6b0c1a11';
const COMMITMENT = 'c'.repeat(64);

const record = (over: Partial<PublicDraw> = {}): PublicDraw => ({
  showItemId: ITEM,
  drawId: '9a1c2f52-3a55-4c5e-9c51-5b7f6b0c1a22',
  itemTitle: 'Raven Tanto',
  showTitle: 'Night Forge',
  status: 'drawn',
  commitment: COMMITMENT,
  seed: 'd'.repeat(64),
  rule: DRAW_RULE,
  openedAt: '2026-03-04T12:00:00.000Z',
  closesAt: '2026-03-04T12:00:30.000Z',
  closedAt: '2026-03-04T12:00:30.000Z',
  entries: Array.from({ length: 150 }, (_, i) => ({ entryNumber: i + 1, pseudonym: `Entrant ${i + 1}` })),
  order: Array.from({ length: 150 }, (_, i) => 150 - i),
  winnerEntryNumber: 149,
  declinedEntryNumbers: [150],
  skippedEntryNumbers: [],
  entryCount: 150,
  ...over,
});

/** The page at /draws/:id for a visitor, the record already in the query cache (nothing fetched). */
function render(draw: PublicDraw | undefined, id = ITEM) {
  const client = createQueryClient();
  client.setQueryData(currentUserKey, null);
  if (draw) client.setQueryData(drawKey(id), draw);
  const html = renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/draws/${id}`]}>
        <Routes>
          <Route path={paths.draw} element={<DrawPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ')
    .trim();
}

describe('the public draw page', () => {
  it('shows the record: titles, status, commitment, seed, rule, outcome and the first 100 of the order', () => {
    const text = render(record());
    expect(text).toContain('Public draw record · Night Forge Raven Tanto Drawn');
    expect(text).toContain('Checking the draw in your browser…');
    expect(text).toContain('Winner: entry #149 (Entrant 149)');
    expect(text).toContain('Declined before the winner');
    expect(text).toContain(COMMITMENT);
    expect(text).toContain('d'.repeat(64));
    expect(text).toContain(DRAW_RULE);
    expect(text).toContain('Find an entry number');
    expect(text).toContain('1 #150 Entrant 150 Declined 2 #149 Entrant 149 Winner 3 #148');
    expect(text).toContain('Show all 150');
    expect(text).not.toContain('Entrant 50 ');
    expect(text).toContain('Sign in');
  });

  it('keeps the seed back while the window is open', () => {
    const open = record({
      status: 'open',
      seed: null,
      entries: [],
      order: [],
      winnerEntryNumber: null,
      declinedEntryNumbers: [],
      closedAt: null,
      entryCount: null,
    });
    const text = render(open);
    expect(text).toContain('Open for entries');
    expect(text).toContain('The seed is published when the draw is over.');
    expect(text).toContain(COMMITMENT);
    expect(text).toContain('The entrants are published with the seed.');
  });

  it('says there is no such draw for an address that cannot name an item', () => {
    expect(render(undefined, 'not-an-item')).toContain('No draw found for this item');
  });
});
