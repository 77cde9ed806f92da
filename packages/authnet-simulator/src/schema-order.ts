// Validates a JSON request the way Authorize.Net does: the gateway converts JSON to XML (keys in
// order become child elements, an array becomes repeated elements) and validates the result
// against its XSD. The content models come from that XSD (xsd-sequences.ts, generated), so the
// simulator accepts every request the gateway accepts for the methods it implements (including the
// optional elements the official SDKs send, such as clientId) and refuses the rest with the
// gateway's E00003 texts. Nothing here throws on hostile input: every walk is bounded by the
// schema's depth, and the one walk over the whole body is iterative.

import { isObject } from './request-values';
import { checkSimple } from './simple-types';
import { childTokens, list, NS, scanCharacters, shown, type Token, Violation } from './xml-conversion';
import { type ElementParticle, type GroupParticle, type Particle, UNBOUNDED } from './xsd-model';
import {
  type XsdRequestType,
  type XsdResponseType,
  xsdComplexTypes,
  xsdDeclaredRequests,
  xsdRequestTypes,
} from './xsd-sequences';

export type SchemaCheck =
  | { ok: true; requestType: XsdRequestType; request: Record<string, unknown> }
  | { ok: false; code: 'E00003' | 'E00004'; text: string };

const invalidChild = (parent: string, child: string, expected: Set<string>) =>
  new Violation(
    `The element '${shown(parent)}' in namespace '${NS}' has invalid child element '${shown(child)}' in namespace '${NS}'.` +
      (expected.size ? ` List of possible elements expected: '${list(expected)}' in namespace '${NS}'.` : ''),
  );
const incomplete = (parent: string, expected: Set<string>) =>
  new Violation(
    `The element '${shown(parent)}' in namespace '${NS}' has incomplete content. List of possible elements expected: '${list(expected)}' in namespace '${NS}'.`,
  );

// --- Content models: which elements may come where. ---

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

/**
 * Checks one of the simulator's answers against the XSD element it stands for: what the gateway's
 * own answers satisfy, and what an SDK reading it field by field relies on. Null when it conforms,
 * else the validator's message. For tests: the simulator builds its answers in the XSD's order.
 */
export function checkResponse(element: XsdResponseType, body: Record<string, unknown>): string | null {
  try {
    checkComplex(element, xsdComplexTypes[element]?.content ?? null, body);
    return null;
  } catch (error) {
    if (error instanceof Violation) return error.text;
    throw error;
  }
}
