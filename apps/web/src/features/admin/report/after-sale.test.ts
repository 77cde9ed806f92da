import { type ReportAfterSale, ShowReport } from '@vault/contracts';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { afterSaleView } from './after-sale';
import { ReportAfterSale as Section } from './report-after-sale';

// Parsed with the contract, so each fixture is a figure set the API could really send: five packages
// (two waiting, one of them late; two shipped; one delivered), a return refunded in half.
const shipped = ShowReport.shape.afterSale.parse({
  packages: { total: 5, toPack: 2, shipped: 2, delivered: 1, late: 1 },
  onTime: { shipped: 3, onTime: 2, rate: 2 / 3 },
  daysToShip: { median: 2.1, max: 2.2 },
  returns: { requested: 2, approved: 0, declined: 1, received: 0, refunded: 1 },
  refunds: { count: 1, pending: 1, amount: '30.00', shareOfCaptured: 30 / 290 },
  captured: '290.00',
});

const nothingYet: ReportAfterSale = {
  packages: { total: 3, toPack: 3, shipped: 0, delivered: 0, late: 2 },
  onTime: { shipped: 0, onTime: 0, rate: null },
  daysToShip: { median: null, max: null },
  returns: { requested: 0, approved: 0, declined: 0, received: 0, refunded: 0 },
  refunds: { count: 0, pending: 0, amount: '0.00', shareOfCaptured: null },
  captured: '0.00',
};

/** The section as the page draws it, as text: cells joined with | and figures with /. */
function rendered(afterSale: ReportAfterSale): string {
  return renderToStaticMarkup(createElement(Section, { afterSale }))
    .replace(/<\/dd><dd[^>]*>/g, ' / ')
    .replace(/<\/dt><dd[^>]*>/g, ': ')
    .replace(/<\/div><div[^>]*>/g, ' | ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

describe('the show report after the sale', () => {
  it('reads packages, on-time shipping, calendar days to ship, returns, refunds and captures', () => {
    expect(afterSaleView(shipped)).toEqual({
      summary: '5 packages',
      nothingShipped: null,
      cells: [
        { label: 'Packages', value: '5', detail: ['2 to pack', '2 shipped', '1 delivered', '1 late'] },
        { label: 'Shipped on time', value: '67%', detail: ['2 of 3 packages'] },
        { label: 'Calendar days to ship', value: '2.1', detail: ['Median', 'longest 2.2'] },
        { label: 'Returns', value: '4', detail: ['2 requested', '1 declined', '1 refunded'] },
        { label: 'Refunded', value: '$30.00', detail: ['1 refund', '10% of captured', '1 pending'] },
        { label: 'Captured', value: '$290.00', detail: [] },
      ],
    });
  });

  it('draws every figure under its label in the section', () => {
    const text = rendered(shipped);
    expect(text).toMatch(/^After the sale 5 packages /);
    expect(text).toContain('Shipped on time: 67% / 2 of 3 packages |');
    expect(text).toContain('Calendar days to ship: 2.1 / Median · longest 2.2 |');
    expect(text).toContain('Captured: $290.00');
    expect(text).not.toContain('shipped yet');
  });

  it('says in a sentence that nothing has shipped yet, with what waits to be packed', () => {
    expect(afterSaleView(nothingYet)).toEqual({
      summary: '3 packages',
      nothingShipped: 'Nothing from this show has shipped yet: 3 packages to pack, 2 of them late.',
      cells: [],
    });
    expect(rendered(nothingYet)).toBe(
      'After the sale 3 packages Nothing from this show has shipped yet: 3 packages to pack, 2 of them late.',
    );
    const none = { ...nothingYet, packages: { total: 0, toPack: 0, shipped: 0, delivered: 0, late: 0 } };
    expect(rendered(none)).toBe('After the sale No packages yet Nothing from this show has shipped yet.');
  });

  it('shows money captured by hand before anything shipped, without a share of nothing', () => {
    const view = afterSaleView({
      ...nothingYet,
      captured: '120.00',
      refunds: { ...nothingYet.refunds, shareOfCaptured: 0 },
    });
    expect(view.nothingShipped).toMatch(/^Nothing from this show has shipped yet/);
    expect(view.cells).toEqual([
      { label: 'Returns', value: '0', detail: ['None asked for'] },
      { label: 'Refunded', value: '$0.00', detail: ['0 refunds'] },
      { label: 'Captured', value: '$120.00', detail: [] },
    ]);
  });

  it('shows a dash for days to ship when the show has not ended', () => {
    const running = { ...shipped, daysToShip: { median: null, max: null } };
    expect(afterSaleView(running).cells[2]).toEqual({
      label: 'Calendar days to ship',
      value: '—',
      detail: ['Counted from the end of the show'],
    });
  });
});
