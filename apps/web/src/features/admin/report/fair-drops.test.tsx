import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import {
  drawSummary,
  fairDropItems,
  flaggedMembers,
  pressersSummary,
  reactionBars,
  reactionSummary,
} from './fair-drops-data';
import { bot, fairDropsReport, quick } from './fair-drops-fixtures';
import { ReportFairDrops } from './report-fair-drops';

const [race, drawn, quiet] = fairDropsReport.items;
if (!race || !drawn || !quiet) throw new Error('fixture');

/** The words a reader gets, tags dropped. */
const text = (node: ReactNode) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>
    </MemoryRouter>,
  )
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

describe("the show report's fair drops", () => {
  it('says the reaction times in a sentence, and bins them under the edges', () => {
    expect(reactionSummary(race)).toBe(
      '10 timed reactions: fastest 12 ms, median 250 ms, 90% within 1,200 ms; 2 members faster than a person.',
    );
    expect(reactionSummary(quiet)).toBe('No timed presses.');
    expect(reactionBars(race)).toEqual([
      { label: '<150 ms', count: 2, tooFast: true },
      { label: '150–250 ms', count: 2, tooFast: false },
      { label: '250–400 ms', count: 2, tooFast: false },
      { label: '400–700 ms', count: 2, tooFast: false },
      { label: '700–1000 ms', count: 1, tooFast: false },
      { label: '≥1000 ms', count: 1, tooFast: false },
    ]);
  });

  it('says who pressed and how a draw went, and lists only items with something to say', () => {
    expect(pressersSummary(race)).toBe('11 members pressed 55 times.');
    expect(pressersSummary(quiet)).toBe('Nobody pressed Buy.');
    expect(pressersSummary({ ...quiet, saleMode: 'draw' })).toBe('Nobody entered.');
    expect(drawSummary(drawn)).toBe('Drawn · 1 entry · winner entry #1');
    expect(drawSummary({ ...quiet, saleMode: 'draw' })).toBe('Not drawn yet.');
    expect(drawSummary(race)).toBeNull();
    expect(fairDropItems(fairDropsReport).map((item) => item.index)).toEqual([0, 1]);
  });

  it('lists each flagged member once, fastest first, with the items they were flagged on', () => {
    expect(flaggedMembers(fairDropsReport)).toEqual([
      { member: bot, fastestMs: 12, items: ['#1'], presses: 40 },
      { member: quick, fastestMs: 70, items: ['#1', '#2'], presses: 7 },
    ]);
  });

  it('renders the histogram with its table, the pressers, the draw with its record, and Suspend buying', () => {
    const markup = renderToStaticMarkup(
      <MemoryRouter>
        <QueryClientProvider client={new QueryClient()}>
          <ReportFairDrops report={fairDropsReport} />
        </QueryClientProvider>
      </MemoryRouter>,
    );
    const words = text(<ReportFairDrops report={fairDropsReport} />);
    for (const expected of [
      'Fair drops',
      '2 members flagged',
      'fast@bots.example',
      'Fastest 12 ms · 40 presses · on #1',
      'Quinn Quick',
      'Fastest 70 ms · 7 presses · on #1, #2',
      'Buying suspended',
      'Reaction times, #1 Knife 1',
      '11 members pressed 55 times.',
      'Draw: Drawn · 1 entry · winner entry #1',
      'Public record',
    ]) {
      expect(words).toContain(expected);
    }
    // The bot may be suspended from here; the member already suspended may not be again.
    expect(markup).toContain('aria-label="Suspend buying for fast@bots.example"');
    expect(markup).not.toContain('aria-label="Suspend buying for Quinn Quick"');
    expect(markup).toContain('href="/draws/00000000-0000-4000-8000-000000000001"');
    // The table a screen reader reads in place of the drawing: every bin with its members.
    expect(words).toContain(
      'Reaction Members <150 ms 2 150–250 ms 2 250–400 ms 2 400–700 ms 2 700–1000 ms 1 ≥1000 ms 1',
    );
    // An item nobody pressed is left out.
    expect(words).not.toContain('Knife 3');
  });

  it('says so when nobody was flagged and nothing was pressed', () => {
    const empty = {
      ...fairDropsReport,
      totals: { ...fairDropsReport.totals, flaggedMembers: 0 },
      items: [quiet],
    };
    const words = text(<ReportFairDrops report={empty} />);
    expect(words).toContain('Nobody flagged');
    expect(words).toContain('No press in this show came faster than a person can react.');
    expect(words).toContain('No presses recorded yet.');
  });
});
