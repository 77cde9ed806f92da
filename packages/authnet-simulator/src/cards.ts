/**
 * How the simulator treats a card, decided once when Accept.js tokenises it. Authorize.Net's
 * sandbox test cards approve; a few extra numbers (Luhn-valid, listed in docs/payments.md) let
 * tests and demos reach every failure path.
 */
export type CardBehavior = 'approve' | 'decline-validation' | 'decline-charge' | 'error-charge' | 'timeout-charge';

const specialCards: Record<string, CardBehavior> = {
  '4000000000000002': 'decline-validation',
  '4000000000000341': 'decline-charge',
  '4000000000000119': 'error-charge',
  '4000000000006975': 'timeout-charge',
};

export function luhnValid(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return number.length >= 13 && sum % 10 === 0;
}

export function cardBrand(number: string): string {
  if (/^4/.test(number)) return 'Visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(number)) return 'MasterCard';
  if (/^3[47]/.test(number)) return 'AmericanExpress';
  if (/^(6011|65|64[4-9])/.test(number)) return 'Discover';
  if (/^35/.test(number)) return 'JCB';
  if (/^3(0[0-5]|[68])/.test(number)) return 'DinersClub';
  return 'Unknown';
}

export const cardBehavior = (number: string): CardBehavior => specialCards[number] ?? 'approve';
