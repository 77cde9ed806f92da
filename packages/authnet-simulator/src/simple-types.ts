// Simple types: the facets the XSD puts on text values (lengths, patterns, enumerations, ranges
// and the built-in types' lexical forms), checked as the gateway's validator checks them.

import { text as elementText, isObject } from './request-values';
import { childTokens, NS, shown, Violation } from './xml-conversion';
import type { SimpleType } from './xsd-model';
import { xsdSimpleTypes } from './xsd-sequences';

const DATATYPE: Record<SimpleType['kind'], string> = {
  string: 'String',
  boolean: 'Boolean',
  decimal: 'Decimal',
  integer: 'Integer',
  long: 'Long',
  int: 'Int',
  short: 'Short',
  date: 'Date',
  dateTime: 'DateTime',
  any: 'anyType',
};
const INTEGER_RANGE: Partial<Record<SimpleType['kind'], readonly [bigint, bigint]>> = {
  long: [-(2n ** 63n), 2n ** 63n - 1n],
  int: [-(2n ** 31n), 2n ** 31n - 1n],
  short: [-32768n, 32767n],
};
const LEXICAL: Partial<Record<SimpleType['kind'], RegExp>> = {
  boolean: /^(true|false|1|0)$/,
  decimal: /^[+-]?(\d+(\.\d*)?|\.\d+)$/,
  integer: /^[+-]?\d+$/,
  long: /^[+-]?\d+$/,
  int: /^[+-]?\d+$/,
  short: /^[+-]?\d+$/,
  date: /^-?\d{4,}-\d{2}-\d{2}(Z|[+-]\d{2}:\d{2})?$/,
  dateTime: /^-?\d{4,}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/,
};
const patternCache = new Map<string, RegExp>();
const pattern = (source: string) => {
  const compiled = patternCache.get(source) ?? new RegExp(`^(?:${source})$`, 'u');
  patternCache.set(source, compiled);
  return compiled;
};

/** Length in characters as XML counts them (code points, not UTF-16 units). */
function codePoints(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** The reason a text value breaks its type's facets, or null. */
function facetFailure(type: SimpleType, raw: string): string | null {
  // Only strings keep their whitespace; every other built-in type collapses it.
  const text = type.kind === 'string' ? raw : raw.trim();
  const lexical = LEXICAL[type.kind];
  if (lexical && !lexical.test(text)) return `The string is not a valid ${DATATYPE[type.kind]} value.`;
  const range = INTEGER_RANGE[type.kind];
  if (range && (BigInt(text) < range[0] || BigInt(text) > range[1]))
    return `Value was either too large or too small for ${DATATYPE[type.kind]}.`;
  if (type.kind === 'string') {
    const length = type.length ?? type.minLength ?? type.maxLength;
    if (length !== undefined) {
      const actual = codePoints(text);
      if (type.length !== undefined && actual !== type.length)
        return 'The actual length is not equal to the specified length.';
      if (type.minLength !== undefined && actual < type.minLength)
        return 'The actual length is less than the MinLength value.';
      if (type.maxLength !== undefined && actual > type.maxLength)
        return 'The actual length is greater than the MaxLength value.';
    }
  }
  if (type.patterns?.some((p) => !pattern(p).test(text))) return 'The Pattern constraint failed.';
  if (type.enumeration && !type.enumeration.includes(text)) return 'The Enumeration constraint failed.';
  if (type.minInclusive !== undefined && Number(text) < Number(type.minInclusive))
    return 'The MinInclusive constraint failed.';
  if (type.maxInclusive !== undefined && Number(text) > Number(type.maxInclusive))
    return 'The MaxInclusive constraint failed.';
  if (type.kind === 'decimal' && (type.totalDigits !== undefined || type.fractionDigits !== undefined)) {
    const [whole = '', fraction = ''] = text.replace(/^[+-]/, '').split('.');
    const digits = (whole.replace(/^0+/, '') + fraction.replace(/0+$/, '')).length;
    if (type.totalDigits !== undefined && digits > type.totalDigits) return 'The TotalDigits constraint failed.';
    if (type.fractionDigits !== undefined && fraction.replace(/0+$/, '').length > type.fractionDigits)
      return 'The FractionDigits constraint failed.';
  }
  return null;
}

export function checkSimple(name: string, typeName: string, value: unknown): void {
  const type = xsdSimpleTypes[typeName];
  if (!type) throw new Violation(`The type of element '${name}' is not known to the simulator.`);
  if (type.kind === 'any') return;
  if (typeof value === 'object' && value !== null) {
    // An object or array becomes child elements, which a text-only element cannot have.
    const [child] = isObject(value) ? childTokens(value) : (value as unknown[]).map((item) => ({ name, value: item }));
    if (child)
      throw new Violation(
        `The element '${shown(name)}' in namespace '${NS}' cannot contain child element '${shown(child.name)}' in namespace '${NS}' because the parent element's content model is text only.`,
      );
  }
  // The text the XML element carries; null, '' and an empty object or array are all empty.
  const reason = facetFailure(type, elementText(value) ?? '');
  // Unlike the gateway, the value itself is not echoed: it may be a card number or a key.
  if (reason)
    throw new Violation(
      `The '${NS}:${shown(name)}' element is invalid - The value is invalid according to its datatype '${DATATYPE[type.kind]}' - ${reason}`,
    );
}
