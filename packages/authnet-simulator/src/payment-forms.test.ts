import { describe, expect, it } from 'vitest';
import { checkCreditCard, hasExpired } from './payment-forms';

const now = new Date('2031-03-31T23:30:00Z');
const card = (cardNumber: string, expirationDate: string, cardCode?: string) =>
  checkCreditCard({ cardNumber, expirationDate, ...(cardCode ? { cardCode } : {}) }, now);

describe('payment.creditCard as the gateway checks it', () => {
  it('keeps a card good through the last day of its expiry month, in UTC', () => {
    expect(hasExpired('2031-03', now)).toBe(false);
    expect(hasExpired('2031-02', now)).toBe(true);
    expect(hasExpired('2031-03', new Date('2031-04-01T00:00:00Z'))).toBe(true);
  });

  it('takes the expiry forms the gateway takes and keeps only brand, last four and expiry', () => {
    for (const form of ['2031-03', '0331', '03/31', '032031', '03/2031']) {
      expect(card('4111111111111111', form), form).toEqual({
        card: {
          cardType: 'Visa',
          last4: '1111',
          expiration: '2031-03',
          behavior: 'approve',
          customerId: null,
          paymentProfileId: null,
        },
      });
    }
  });

  it('refuses a bad number, a bad or past expiry and a card code of the wrong length, in that order', () => {
    const reason = (result: ReturnType<typeof card>) =>
      'refused' in result && 'transaction' in result.refused ? result.refused.transaction.errorCode : 'accepted';
    expect(reason(card('4111111111111112', 'soon'))).toBe('6');
    expect(reason(card('411111111111', '2031-03'))).toBe('6');
    expect(reason(card('4111111111111111', '2031-13'))).toBe('7');
    expect(reason(card('4111111111111111', '0231', '12'))).toBe('8');
    expect(reason(card('4111111111111111', '0331', '1234'))).toBe('78');
    expect(reason(card('370000000000002', '0331', '123'))).toBe('78');
    expect(reason(card('370000000000002', '0331', '1234'))).toBe('accepted');
  });
});
