// The card input rules: what each keystroke or paste may leave in the card and address fields.
// Pure functions, so the card form in onboarding and in the account dialog behave identically.

const CARD_DIGITS = 16;

const digitsOnly = (raw: string) => raw.replace(/\D/g, '');

/** The card number's digits: at most 16, anything else (spaces, dashes, letters) dropped. */
export function cardNumberDigits(raw: string): string {
  return digitsOnly(raw).slice(0, CARD_DIGITS);
}

/** The card number as shown: digits in groups of four, so at most 19 characters. */
export function formatCardNumber(raw: string): string {
  return (cardNumberDigits(raw).match(/\d{1,4}/g) ?? []).join(' ');
}

/**
 * Where the caret belongs in a formatted card number so it stays after the same digit it followed
 * before formatting (otherwise editing mid-number throws the caret to the end).
 */
export function caretAfterDigits(formatted: string, digitsBefore: number): number {
  if (digitsBefore <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i++) {
    if (/\d/.test(formatted.charAt(i))) seen++;
    if (seen === digitsBefore) return i + 1;
  }
  return formatted.length;
}

/** How many digits precede `caret` in `raw`. */
export function digitsBeforeCaret(raw: string, caret: number): number {
  return digitsOnly(raw.slice(0, caret)).length;
}

/** Expiry month: at most 2 digits and never above 12 — typing "13" keeps "1". */
export function monthInput(raw: string): string {
  const digits = digitsOnly(raw).slice(0, 2);
  return Number(digits) > 12 ? digits.slice(0, 1) : digits;
}

/** Expiry year: at most 4 digits. */
export function yearInput(raw: string): string {
  return digitsOnly(raw).slice(0, 4);
}

/** CVV: at most 4 digits. */
export function cvvInput(raw: string): string {
  return digitsOnly(raw).slice(0, 4);
}

/** State: a two-letter code, upper case (the profile edit's state field, max length 2). */
export function stateInput(raw: string): string {
  return raw
    .replace(/[^a-z]/gi, '')
    .slice(0, 2)
    .toUpperCase();
}

/** The expiry month as the payment provider wants it: two digits ("3" → "03"). */
export function paddedMonth(month: string): string {
  return month.length === 1 ? `0${month}` : month;
}
