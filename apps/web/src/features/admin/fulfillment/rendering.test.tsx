import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PackingSlip } from './packing-slip';
import { ShipmentCard } from './shipment-card';
import { readShowPrices, storedShowPrices } from './slip-prices';
import { shipment } from './test-fixtures';

// The markup React gives for fixed packages: what the bench and the slip say, not how they look.

const markup = (node: ReactNode) =>
  renderToStaticMarkup(<QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>);
/** The words a reader gets, tags dropped. */
const text = (node: ReactNode) =>
  markup(node)
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

describe('a package on the bench', () => {
  it('shows the member, address, ship-by day, items with order, class, blade, price and status, and the total', () => {
    const card = text(<ShipmentCard shipment={shipment()} />);
    for (const expected of [
      'Ada Lovelace',
      'ada@example.com',
      'Friday Night Blades',
      '12 Analytical Way',
      'Ship by Mar 4, 2026',
      'Order 11111111 · Automatic (side-opener) · 3.50 in',
      'Order 12222222 · Manual folder · 2.75 in',
      '$1,234.00',
      '$89.50',
      'authorized',
      'Total $1,323.50',
      'Packing slip',
      'Mark shipped',
    ]) {
      expect(card).toContain(expected);
    }
    expect(card).not.toContain('Late');
    expect(card).not.toContain('Adult signature');
  });

  it('marks a late, signature-needing package whose authorisation lapses soon, and shows why it did not ship', () => {
    const card = text(
      <ShipmentCard
        shipment={shipment({
          show: null,
          late: true,
          adultSignature: true,
          authorizationExpiring: true,
          authorizationExpiresAt: '2026-03-20T15:00:00.000Z',
          lastError: 'The payment for one item was not captured, so the package was not marked shipped. Try again.',
        })}
      />,
    );
    expect(card).toContain('Test products');
    expect(card).toContain('Late');
    expect(card).toContain('Adult signature');
    expect(card).toContain('Authorisation lapses Mar 20, 2026');
    expect(card).toContain('The payment for one item was not captured');
  });

  it('offers only the carriers the items allow, and their services', () => {
    const html = markup(<ShipmentCard shipment={shipment({ carriers: ['fedex', 'dhl'] })} />);
    expect(html).toContain('>FedEx</option>');
    expect(html).toContain('>DHL</option>');
    expect(html).not.toContain('>USPS</option>');
    expect(html).not.toContain('>UPS</option>');
    expect(html).toContain('>FedEx Ground</option>');
    expect(html).not.toContain('>DHL Express Worldwide</option>');
  });

  it('opens the packing slip in a new tab', () => {
    expect(markup(<ShipmentCard shipment={shipment()} />)).toContain(
      'href="/admin/fulfillment/a1b2c3d4-0000-4000-8000-000000000001/slip" target="_blank"',
    );
  });

  it('shows a shipped package’s carrier, service, tracking link and day, and Mark delivered', () => {
    const shipped = shipment({
      status: 'shipped',
      carrier: 'ups',
      service: 'UPS Ground',
      trackingNumber: '1Z999AA10123456784',
      trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
      shippedAt: '2026-03-03T18:00:00.000Z',
    });
    const html = markup(<ShipmentCard shipment={shipped} />);
    expect(html).toContain('href="https://www.ups.com/track?tracknum=1Z999AA10123456784"');
    const card = text(<ShipmentCard shipment={shipped} />);
    for (const expected of ['UPS', 'UPS Ground', '1Z999AA10123456784', 'Mar 3, 2026', 'Mark delivered']) {
      expect(card).toContain(expected);
    }
    expect(card).not.toContain('Mark shipped');
    expect(card).not.toContain('Ship by');
  });
});

describe('the packing slip', () => {
  const slip = (showPrices: boolean) =>
    text(<PackingSlip shipment={shipment({ adultSignature: true })} showPrices={showPrices} printedOn="Mar 4, 2026" />);

  it('heads with the vault, the package’s short id and the day, then member, address and items', () => {
    const page = slip(true);
    for (const expected of [
      'The Vault',
      'Packing slip',
      'Package a1b2c3d4',
      'Date Mar 4, 2026',
      'Ada Lovelace',
      'Austin, TX 78701',
      '11111111 Damascus Automatic Automatic (side-opener) · 3.50 in',
      'Adult signature required',
      '$1,234.00',
      'Total $1,323.50',
    ]) {
      expect(page).toContain(expected);
    }
  });

  it('hides every price and the total when Show prices is off', () => {
    const page = slip(false);
    expect(page).not.toContain('$');
    expect(page).not.toContain('Total');
    expect(page).not.toContain('Price');
    expect(page).toContain('Damascus Automatic');
  });

  it('shows prices until the operator turns them off, and remembers that choice', () => {
    expect(readShowPrices(null)).toBe(true);
    expect(readShowPrices(storedShowPrices(false))).toBe(false);
    expect(readShowPrices(storedShowPrices(true))).toBe(true);
  });
});
