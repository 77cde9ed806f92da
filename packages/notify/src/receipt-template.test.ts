import { describe, expect, it } from 'vitest';
import { receiptMail } from './templates';

const facts = {
  to: 'member@example.com',
  name: 'Ada',
  purchaseId: '0f8e7d6c-1111-4222-8333-444455556666',
  itemTitle: 'Stiletto',
  amount: '250.00',
  shippingAddress: 'Ada, 1 Forge Street, Austin, TX 78701, US',
  purchasedAt: new Date('2026-11-27T18:00:00Z'),
};

describe('the receipt', () => {
  it('says which eligibility rules, by version, allowed the sale', () => {
    const mail = receiptMail(
      {
        ...facts,
        eligibility: {
          decidedOn: '2026-11-27',
          minimumAge: 18,
          rules: [{ id: '9a8b7c6d-0000-4000-8000-000000000001', version: 3 }],
        },
      },
      { account: 'https://vault.example/account' },
    );
    expect(mail.text).toContain(
      "Sold under the vault's minimum age 18 and eligibility rule 9a8b7c6d v3, checked on 2026-11-27.",
    );
    expect(mail.html).toContain('eligibility rule 9a8b7c6d v3');
  });

  it('says nothing of rules for a sale recorded before there were any', () => {
    const mail = receiptMail({ ...facts, eligibility: null }, { account: 'https://vault.example/account' });
    expect(mail.text).not.toContain('Sold under');
  });
});
