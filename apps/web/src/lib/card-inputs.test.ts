import { describe, expect, it } from 'vitest';
import {
  cardNumberDigits,
  caretAfterDigits,
  cvvInput,
  digitsBeforeCaret,
  formatCardNumber,
  monthInput,
  paddedMonth,
  stateInput,
  yearInput,
} from './card-inputs';

describe('card number', () => {
  it('groups digits in fours', () => {
    expect(formatCardNumber('4111111111111111')).toBe('4111 1111 1111 1111');
    expect(formatCardNumber('41111')).toBe('4111 1');
    expect(formatCardNumber('4111')).toBe('4111');
    expect(formatCardNumber('')).toBe('');
  });

  it('keeps at most 16 digits, so at most 19 characters', () => {
    const shown = formatCardNumber('4111-1111 1111 1111 9999');
    expect(shown).toBe('4111 1111 1111 1111');
    expect(shown).toHaveLength(19);
    expect(cardNumberDigits('4111-1111 1111 1111 9999')).toBe('4111111111111111');
  });

  it('drops letters and punctuation', () => {
    expect(formatCardNumber('abc')).toBe('');
    expect(formatCardNumber('4a1b1c1d 2')).toBe('4111 2');
    expect(cardNumberDigits(' 4111.1111\t1111/1111 ')).toBe('4111111111111111');
  });

  it('does not leave a trailing space after a full group', () => {
    expect(formatCardNumber('4111 ')).toBe('4111');
    expect(formatCardNumber('4111 1111 ')).toBe('4111 1111');
  });

  it('reformats an already grouped value unchanged', () => {
    expect(formatCardNumber('4111 1111 1111 1111')).toBe('4111 1111 1111 1111');
  });

  it('keeps the caret after the same digit when regrouping', () => {
    // typing "9" after the 4th digit of "4111 1111" gives "41119 1111" with the caret after the 9
    const typed = '41119 1111';
    const before = digitsBeforeCaret(typed, 5);
    expect(before).toBe(5);
    const shown = formatCardNumber(typed);
    expect(shown).toBe('4111 9111 1');
    expect(caretAfterDigits(shown, before)).toBe(6);
    expect(caretAfterDigits(shown, 0)).toBe(0);
    expect(caretAfterDigits(shown, 99)).toBe(shown.length);
  });
});

describe('expiry month', () => {
  it('accepts 1 to 12', () => {
    expect(monthInput('1')).toBe('1');
    expect(monthInput('09')).toBe('09');
    expect(monthInput('12')).toBe('12');
  });

  it('keeps the first digit when the second would go above 12', () => {
    expect(monthInput('13')).toBe('1');
    expect(monthInput('19')).toBe('1');
    expect(monthInput('99')).toBe('9');
  });

  it('takes digits only, at most 2', () => {
    expect(monthInput('1a2')).toBe('12');
    expect(monthInput('123')).toBe('12');
    expect(monthInput('ab')).toBe('');
    expect(monthInput('0')).toBe('0');
  });

  it('pads a single digit for the payment provider', () => {
    expect(paddedMonth('3')).toBe('03');
    expect(paddedMonth('11')).toBe('11');
  });
});

describe('expiry year and CVV', () => {
  it('keeps at most 4 digits of the year', () => {
    expect(yearInput('2030')).toBe('2030');
    expect(yearInput('20301')).toBe('2030');
    expect(yearInput('20x3')).toBe('203');
  });

  it('keeps at most 4 digits of the CVV', () => {
    expect(cvvInput('123')).toBe('123');
    expect(cvvInput('12345')).toBe('1234');
    expect(cvvInput('1-2 3')).toBe('123');
    expect(cvvInput('abc')).toBe('');
  });
});

describe('state', () => {
  it('is at most 2 letters, upper case', () => {
    expect(stateInput('ca')).toBe('CA');
    expect(stateInput('Texas')).toBe('TE');
    expect(stateInput(' n.y.')).toBe('NY');
    expect(stateInput('1')).toBe('');
  });
});
