// How the gateway's JSON to XML conversion sees a request body: keys become child elements (an
// array becomes repeated elements), and characters XML cannot carry are refused before any
// validation. Also the pieces every validator message is made of.
import { isObject } from './request-values';

export const NS = 'AnetApi/xml/v1/schema/AnetApiSchema.xsd';

/** A refusal, thrown by the walks and turned into the gateway's E00003 by checkRequest. */
export class Violation {
  constructor(readonly text: string) {}
}

/** A name as it appears in a message: long or odd keys are cut so a reply stays small. */
export const shown = (name: string) => (name.length > 64 ? `${name.slice(0, 64)}…` : name);
export const list = (names: Iterable<string>) => [...names].map(shown).join(', ');

// The conversion's own refusals: characters XML cannot carry.

// XML 1.0 allows tab, newline, carriage return, U+0020..U+D7FF, U+E000..U+FFFD and paired surrogates.
function invalidCharacter(text: string): Violation | null {
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    if (unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      i++; // a surrogate pair: one astral character
      continue;
    }
    const control = unit < 0x20 && unit !== 0x09 && unit !== 0x0a && unit !== 0x0d;
    if (control || unit === 0xfffe || unit === 0xffff || (unit >= 0xd800 && unit <= 0xdfff)) {
      const hex = unit.toString(16).toUpperCase().padStart(2, '0');
      const shownChar = unit < 0x20 || (unit >= 0xd800 && unit <= 0xdfff) ? '' : String.fromCharCode(unit);
      return new Violation(`'${shownChar}', hexadecimal value 0x${hex}, is an invalid character.`);
    }
  }
  return null;
}

/** Every key and string in the body, without recursion (a body may nest deeper than the stack). */
export function scanCharacters(body: unknown): Violation | null {
  const stack: unknown[] = [body];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value === 'string') {
      const bad = invalidCharacter(value);
      if (bad) return bad;
    } else if (Array.isArray(value)) {
      for (const item of value) stack.push(item);
    } else if (isObject(value)) {
      for (const [key, item] of Object.entries(value)) {
        const bad = invalidCharacter(key);
        if (bad) return bad;
        stack.push(item);
      }
    }
  }
  return null;
}

export interface Token {
  name: string;
  value: unknown;
}

/** The child elements JSON makes: one per key, or one per item when the value is an array. */
export function childTokens(value: Record<string, unknown>): Token[] {
  const tokens: Token[] = [];
  for (const [name, item] of Object.entries(value)) {
    if (Array.isArray(item)) for (const each of item) tokens.push({ name, value: each });
    else tokens.push({ name, value: item });
  }
  return tokens;
}
