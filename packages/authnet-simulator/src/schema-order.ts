// Validates a JSON request the way Authorize.Net does: the gateway converts JSON to XML (keys in
// order become child elements, an array becomes repeated elements) and validates the result
// against its XSD. The content models come from that XSD (xsd-sequences.ts, generated), so the
// simulator accepts every request the gateway accepts for the methods it implements (including the
// optional elements the official SDKs send, such as clientId) and refuses the rest with the
// gateway's E00003 texts. Nothing here throws on hostile input: every walk is bounded by the
// schema's depth, and the one walk over the whole body is iterative.
import { text as elementText, isObject } from './request-values';
import { type ElementParticle, type GroupParticle, type Particle, type SimpleType, UNBOUNDED } from './xsd-model';
import {
  type XsdRequestType,
  xsdComplexTypes,
  xsdDeclaredRequests,
  xsdRequestTypes,
  xsdSimpleTypes,
} from './xsd-sequences';

const NS = 'AnetApi/xml/v1/schema/AnetApiSchema.xsd';

export type SchemaCheck =
  | { ok: true; requestType: XsdRequestType; request: Record<string, unknown> }
  | { ok: false; code: 'E00003' | 'E00004'; text: string };

class Violation {
  constructor(readonly text: string) {}
}

/** A name as it appears in a message: long or odd keys are cut so a reply stays small. */
const shown = (name: string) => (name.length > 64 ? `${name.slice(0, 64)}…` : name);
const list = (names: Iterable<string>) => [...names].map(shown).join(', ');

const invalidChild = (parent: string, child: string, expected: Set<string>) =>
  new Violation(
    `The element '${shown(parent)}' in namespace '${NS}' has invalid child element '${shown(child)}' in namespace '${NS}'.` +
      (expected.size ? ` List of possible elements expected: '${list(expected)}' in namespace '${NS}'.` : ''),
  );
const incomplete = (parent: string, expected: Set<string>) =>
  new Violation(
    `The element '${shown(parent)}' in namespace '${NS}' has incomplete content. List of possible elements expected: '${list(expected)}' in namespace '${NS}'.`,
  );

// --- The JSON to XML conversion's own refusals: characters XML cannot carry. ---

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
function scanCharacters(body: unknown): Violation | null {
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

// --- Content models: which elements may come where. ---

interface Token {
  name: string;
  value: unknown;
}

/** The child elements JSON makes: one per key, or one per item when the value is an array. */
function childTokens(value: Record<string, unknown>): Token[] {
  const tokens: Token[] = [];
  for (const [name, item] of Object.entries(value)) {
    if (Array.isArray(item)) for (const each of item) tokens.push({ name, value: each });
    else tokens.push({ name, value: item });
  }
  return tokens;
}

const firstCache = new WeakMap<Particle, ReadonlySet<string>>();
/** The element names that can begin a particle. */
function first(p: Particle): ReadonlySet<string> {
  const cached = firstCache.get(p);
  if (cached) return cached;
  const names = new Set<string>();
  if ('element' in p) names.add(p.element);
  else if (p.group === 'choice') for (const item of p.items) for (const n of first(item)) names.add(n);
  else
    for (const item of p.items) {
      for (const n of first(item)) names.add(n);
      if (!nullable(item)) break;
    }
  firstCache.set(p, names);
  return names;
}

/** Whether one occurrence of a group's body can be empty. */
function emptyBody(p: GroupParticle): boolean {
  return p.group === 'choice' ? p.items.some(nullable) : p.items.every(nullable);
}
function nullable(p: Particle): boolean {
  return p.min === 0 || ('items' in p && emptyBody(p));
}

/** Matches a parent's child elements against its content model, in order, like the XSD validator. */
class Matcher {
  private position = 0;
  /** Elements that would be valid at the current position (reset when one is consumed). */
  private expected = new Set<string>();

  constructor(
    private readonly parent: string,
    private readonly tokens: Token[],
  ) {}

  run(content: GroupParticle | null): void {
    if (content) this.particle(content);
    const next = this.tokens[this.position];
    if (next) throw invalidChild(this.parent, next.name, this.expected);
  }

  private particle(p: Particle): void {
    let count = 0;
    while (p.max === UNBOUNDED || count < p.max) {
      const next = this.tokens[this.position];
      if (!next || !first(p).has(next.name)) break;
      const before = this.position;
      this.once(p, next);
      count++;
      if (this.position === before) break; // an empty repetition would repeat forever
    }
    if (p.max === UNBOUNDED || count < p.max) for (const n of first(p)) this.expected.add(n);
    if (count < p.min && !('items' in p && emptyBody(p))) {
      const next = this.tokens[this.position];
      throw next ? invalidChild(this.parent, next.name, this.expected) : incomplete(this.parent, this.expected);
    }
  }

  private once(p: Particle, next: Token): void {
    if ('element' in p) {
      this.position++;
      this.expected = new Set();
      checkElement(p, next.value);
    } else if (p.group === 'sequence') {
      for (const item of p.items) this.particle(item);
    } else {
      // The XSD's unique particle attribution: at most one branch can start with this element.
      const branch = p.items.find((item) => first(item).has(next.name));
      if (branch) this.particle(branch);
    }
  }
}

function checkElement(p: ElementParticle, value: unknown): void {
  if (p.simple) {
    checkSimple(p.element, p.type, value);
    return;
  }
  const type = xsdComplexTypes[p.type];
  if (!type) throw new Violation(`The type of element '${p.element}' is not known to the simulator.`);
  checkComplex(p.element, type.content, value);
}

function checkComplex(name: string, content: GroupParticle | null, value: unknown): void {
  let tokens: Token[];
  if (value === null || value === '') tokens = [];
  else if (isObject(value)) tokens = childTokens(value);
  // An array inside an array: the converter nests repeated elements of the same name.
  else if (Array.isArray(value)) tokens = value.map((item) => ({ name, value: item }));
  else {
    const expected = content ? list(first(content)) : '';
    throw new Violation(
      `The element '${shown(name)}' in namespace '${NS}' cannot contain text.` +
        (expected ? ` List of possible elements expected: '${expected}' in namespace '${NS}'.` : ''),
    );
  }
  new Matcher(name, tokens).run(content);
}

// --- Simple types: the facets the XSD puts on text values. ---

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

function checkSimple(name: string, typeName: string, value: unknown): void {
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

// --- The whole request. ---

const implemented: ReadonlySet<string> = new Set(xsdRequestTypes);

/** Checks a parsed JSON body as the gateway would before running it. Never throws. */
export function checkRequest(body: unknown): SchemaCheck {
  const fail = (text: string, code: 'E00003' | 'E00004' = 'E00003') => ({ ok: false, code, text }) as const;
  if (!isObject(body)) return fail('XmlNodeConverter can only convert JSON that begins with an object.');
  const entries = Object.entries(body);
  const [root] = entries;
  if (!root) return fail('Root element is missing.');
  if (entries.length > 1)
    return fail(
      'JSON root object has multiple properties. The root object must have a single property in order to create a valid XML document.',
    );
  try {
    const bad = scanCharacters(body);
    if (bad) throw bad;
    const [requestType, request] = root;
    if (!implemented.has(requestType)) {
      return xsdDeclaredRequests.has(requestType)
        ? fail(`The simulator does not implement the API method '${requestType}'.`, 'E00004')
        : fail(`The '${NS}:${shown(requestType)}' element is not declared.`);
    }
    const type = xsdComplexTypes[requestType];
    checkComplex(requestType, type?.content ?? null, request);
    if (!isObject(request)) return fail(`The element '${requestType}' in namespace '${NS}' has incomplete content.`);
    return { ok: true, requestType: requestType as XsdRequestType, request };
  } catch (error) {
    if (error instanceof Violation) return fail(error.text);
    // A bug here must not become a 500: the gateway answers every request with its envelope.
    return fail('An error occurred while validating the request.');
  }
}
