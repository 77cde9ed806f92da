import { trackingUrl } from '@vault/contracts';
import { describe, expect, it } from 'vitest';
import {
  adultSignatureLine,
  refundIssuedMail,
  returnApprovedMail,
  returnDeclinedMail,
  shipmentShippedMail,
} from './after-sale-templates';

const links = { account: 'https://vault.example/account' };
const member = { to: 'member@example.com', name: 'Ada' };
const STILETTO = '0f8e7d6c-1111-4222-8333-444455556666';
const BOWIE = '1a2b3c4d-1111-4222-8333-444455556666';

describe('the shipped email', () => {
  const shipped = {
    ...member,
    items: [
      { purchaseId: STILETTO, title: 'Stiletto' },
      { purchaseId: BOWIE, title: 'Bowie <Damascus> & "Co"' },
    ],
    carrier: 'ups' as const,
    service: 'UPS Ground',
    trackingNumber: '1Z999AA10123456784',
    trackingUrl: trackingUrl('ups', '1Z999AA10123456784'),
    shipTo: 'Ada Blade, 1 Forge Street, Austin, TX 78701, US',
    adultSignature: false,
    deliveredAt: null,
  };

  it('lists every item with its order number, the carrier, the tracking link and the address', () => {
    const mail = shipmentShippedMail(shipped, links);
    expect(mail.subject).toBe('Your order has shipped: Stiletto and 1 more');
    expect(mail.text).toContain('Your 2 items are on their way.');
    expect(mail.text).toContain('Stiletto — order 0f8e7d6c\nBowie <Damascus> & "Co" — order 1a2b3c4d');
    expect(mail.text).toContain('Carrier: UPS\nService: UPS Ground\nTracking number: 1Z999AA10123456784');
    expect(mail.text).toContain('Track it on UPS:\nhttps://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(mail.text).toContain('Shipping to:\nAda Blade, 1 Forge Street, Austin, TX 78701, US');
    expect(mail.text).toContain('Your orders:\nhttps://vault.example/account');
    expect(mail.html).toContain('<a href="https://www.ups.com/track?tracknum=1Z999AA10123456784">Track it on UPS</a>');
    expect(mail.text).not.toContain('sign');
  });

  it('escapes what admins typed in the HTML part', () => {
    const mail = shipmentShippedMail(shipped, links);
    expect(mail.html).toContain('Bowie &lt;Damascus&gt; &amp; &quot;Co&quot; — order 1a2b3c4d');
    expect(mail.html).not.toContain('<Damascus>');
  });

  it('says an adult must sign, 21 or over where the carrier defines it so', () => {
    const mail = shipmentShippedMail({ ...shipped, items: shipped.items.slice(0, 1), adultSignature: true }, links);
    expect(mail.subject).toBe('Your order has shipped: Stiletto');
    expect(mail.text).toContain('Your order is on its way.');
    expect(mail.text).toContain('An adult (21 or over, with a photo ID) must sign for this package');
    expect(adultSignatureLine('fedex')).toContain('21 or over');
    expect(adultSignatureLine('usps')).toContain('21 or over');
    expect(adultSignatureLine('dhl')).toBe(
      'An adult must sign for this package: the carrier will not leave it at the door.',
    );
  });

  it('has no service line when none was chosen, and says so when the package was delivered meanwhile', () => {
    const mail = shipmentShippedMail(
      { ...shipped, service: null, deliveredAt: new Date('2026-12-02T15:30:00Z') },
      links,
    );
    expect(mail.text).not.toContain('Service:');
    expect(mail.text).toContain('It was marked delivered on Dec 2, 2026, 3:30 PM UTC.');
  });
});

describe('the return emails', () => {
  const decided = {
    ...member,
    returnNumber: 'RMA-7Q2K9XW4',
    purchaseId: STILETTO,
    itemTitle: 'Stiletto',
    reason: 'The blade has a chip <near the tip>',
    message: null,
  };

  it('gives the approved return its number and the standard instructions', () => {
    const mail = returnApprovedMail(decided, links);
    expect(mail.subject).toBe('Your return is approved — RMA-7Q2K9XW4');
    expect(mail.text).toContain('Your return of Stiletto (order 0f8e7d6c) is approved.');
    expect(mail.text).toContain('Return number: RMA-7Q2K9XW4');
    expect(mail.text).toContain('1. Pack the item as it came to you');
    expect(mail.text).toContain('2. Write the return number, RMA-7Q2K9XW4, on the outside of the parcel.');
    expect(mail.text).toContain('reply to this email and we will send it');
    expect(mail.text).toContain('Your refund follows once we have received the item.');
    expect(mail.text).not.toContain('Instructions from the Vault');
  });

  it("puts the admin's instructions above the standard ones, escaped", () => {
    const mail = returnApprovedMail({ ...decided, message: 'Ship to: Vault Returns, 9 Anvil Rd <Suite 2>' }, links);
    expect(mail.text).toContain('Instructions from the Vault:\nShip to: Vault Returns, 9 Anvil Rd <Suite 2>');
    expect(mail.text).toContain('3. Ship it to the address in the instructions above');
    expect(mail.html).toContain('Instructions from the Vault:<br>Ship to: Vault Returns, 9 Anvil Rd &lt;Suite 2&gt;');
  });

  it("tells a declined member the admin's message and how to answer", () => {
    const mail = returnDeclinedMail({ ...decided, message: 'Sharpening marks are wear, not a defect.' }, links);
    expect(mail.subject).toBe('Your return request was declined — Stiletto');
    expect(mail.text).toContain('your request to return Stiletto (order 0f8e7d6c) was declined.');
    expect(mail.text).toContain('Your reason:\nThe blade has a chip <near the tip>');
    expect(mail.text).toContain('From the Vault:\nSharpening marks are wear, not a defect.');
    expect(mail.text).toContain('reply to this email and mention RMA-7Q2K9XW4');
    expect(mail.html).toContain('The blade has a chip &lt;near the tip&gt;');
  });
});

describe('the refund receipt', () => {
  const refund = {
    ...member,
    purchaseId: STILETTO,
    itemTitle: 'Stiletto',
    amount: '125.00',
    refundedTotal: '200.00',
    charged: '1250.00',
    method: 'refund' as const,
    refundedAt: new Date('2026-12-10T09:05:00Z'),
  };

  it('shows this refund, the total refunded of what was charged, and when it reaches the card', () => {
    const mail = refundIssuedMail(refund, links);
    expect(mail.subject).toBe('Your refund of $125.00 — order 0f8e7d6c');
    expect(mail.text).toContain(
      [
        'Order number: 0f8e7d6c',
        'Item: Stiletto',
        'Refunded: $125.00',
        'Refunded in total: $200.00 of $1,250.00 charged',
        'Date: Dec 10, 2026, 9:05 AM UTC',
      ].join('\n'),
    );
    expect(mail.text).toContain('3–10 business days, depending on your bank');
    expect(mail.text).not.toMatch(/\d{5,}/);
    expect(mail.html).toContain('href="https://vault.example/account"');
  });

  it('says a voided charge never reaches the statement', () => {
    const mail = refundIssuedMail({ ...refund, method: 'void', amount: '1250.00', refundedTotal: '1250.00' }, links);
    expect(mail.text).toContain('Refunded in total: $1,250.00 of $1,250.00 charged');
    expect(mail.text).toContain('will not appear on your statement');
    expect(mail.text).not.toContain('3–10 business days');
  });
});
