// Reads Authorize.Net's XSD (xsd/AnetApiSchema.xsd) and writes src/xsd-sequences.ts: the content
// model of every request type the simulator implements and of every type they reach (following
// extension bases such as ANetApiRequest, choices, nested groups and anonymous types), plus the
// facets of the simple types on the way. The simulator validates JSON against these tables the
// way the gateway validates it against the XSD, so the order and the optional elements come from
// Authorize.Net's schema, not from our reading of it.
//
// Run: pnpm --filter @vault/authnet-simulator generate:xsd
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type ComplexType,
  type ElementParticle,
  type GroupParticle,
  type Particle,
  type SimpleKind,
  type SimpleType,
  UNBOUNDED,
} from '../src/xsd-model';

/** The request types the simulator implements (the simulator has a handler for each). */
const REQUEST_TYPES = [
  'securePaymentContainerRequest',
  'createCustomerProfileRequest',
  'createCustomerPaymentProfileRequest',
  'getCustomerProfileRequest',
  'deleteCustomerProfileRequest',
  'deleteCustomerPaymentProfileRequest',
  'getTransactionListForCustomerRequest',
  'createTransactionRequest',
] as const;

const here = dirname(fileURLToPath(import.meta.url));
const XSD_PATH = join(here, '../xsd/AnetApiSchema.xsd');
const OUT_PATH = join(here, '../src/xsd-sequences.ts');

// --- A small XML reader: enough for an XSD (elements, attributes, comments, declarations). ---

interface XmlNode {
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
}

const ENTITIES: Record<string, string> = { quot: '"', amp: '&', lt: '<', gt: '>', apos: "'" };
const decode = (s: string) => s.replace(/&(quot|amp|lt|gt|apos);/g, (_, e: string) => ENTITIES[e] ?? '');

function parseXml(text: string): XmlNode {
  const root: XmlNode = { name: '#document', attrs: {}, children: [] };
  const stack: XmlNode[] = [root];
  let i = 0;
  while (i < text.length) {
    const lt = text.indexOf('<', i);
    if (lt < 0) break;
    if (text.startsWith('<!--', lt)) {
      i = text.indexOf('-->', lt) + 3;
      continue;
    }
    if (text.startsWith('<?', lt) || text.startsWith('<!', lt)) {
      i = text.indexOf('>', lt) + 1;
      continue;
    }
    const gt = text.indexOf('>', lt);
    if (gt < 0) throw new Error(`Unterminated tag at ${lt}`);
    const raw = text.slice(lt + 1, gt);
    i = gt + 1;
    if (raw.startsWith('/')) {
      const name = raw.slice(1).trim();
      const open = stack.pop();
      if (open?.name !== name) throw new Error(`Mismatched </${name}> at ${lt}`);
      continue;
    }
    const selfClosing = raw.endsWith('/');
    const body = selfClosing ? raw.slice(0, -1) : raw;
    const name = body.match(/^[^\s/]+/)?.[0];
    if (!name) throw new Error(`Bad tag at ${lt}`);
    const attrs: Record<string, string> = {};
    for (const m of body.slice(name.length).matchAll(/([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
      attrs[m[1] as string] = decode(m[2] ?? m[3] ?? '');
    }
    const node: XmlNode = { name, attrs, children: [] };
    stack.at(-1)?.children.push(node);
    if (!selfClosing) stack.push(node);
  }
  if (stack.length !== 1) throw new Error('Unclosed elements at end of document');
  const schema = root.children[0];
  if (schema?.name !== 'xs:schema') throw new Error('Not an XSD');
  return schema;
}

// --- From XSD nodes to content models. ---

const schema = parseXml(readFileSync(XSD_PATH, 'utf8'));
const named = (kind: string) =>
  new Map(schema.children.filter((n) => n.name === kind).map((n) => [n.attrs.name as string, n]));
const complexNodes = named('xs:complexType');
const simpleNodes = named('xs:simpleType');
const elementNodes = named('xs:element');

const BUILTINS: Record<string, SimpleKind> = {
  'xs:string': 'string',
  'xs:normalizedString': 'string',
  'xs:token': 'string',
  'xs:boolean': 'boolean',
  'xs:decimal': 'decimal',
  'xs:integer': 'integer',
  'xs:long': 'long',
  'xs:int': 'int',
  'xs:short': 'short',
  'xs:date': 'date',
  'xs:dateTime': 'dateTime',
  'xs:anyType': 'any',
};

const complexTypes = new Map<string, ComplexType>();
const simpleTypes = new Map<string, SimpleType>();
const pendingComplex: Array<[string, XmlNode]> = [];

const occurs = (node: XmlNode, attr: 'minOccurs' | 'maxOccurs') => {
  const value = node.attrs[attr];
  if (value === undefined) return 1;
  if (value === 'unbounded') return UNBOUNDED;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`Bad ${attr}="${value}"`);
  return n;
};
const child = (node: XmlNode, name: string) => node.children.find((c) => c.name === name);

function simpleFromRestriction(restriction: XmlNode, label: string): SimpleType {
  const baseName = restriction.attrs.base;
  if (!baseName) throw new Error(`${label}: restriction without base`);
  const base = resolveSimple(baseName, label);
  const facets: SimpleType = { ...base };
  // A restriction's enumeration replaces its base's (it can only narrow it).
  const enumeration: string[] = [];
  for (const facet of restriction.children) {
    const value = facet.attrs.value ?? '';
    switch (facet.name) {
      case 'xs:length':
      case 'xs:minLength':
      case 'xs:maxLength':
      case 'xs:totalDigits':
      case 'xs:fractionDigits':
        facets[facet.name.slice(3) as 'length'] = Number(value);
        break;
      case 'xs:minInclusive':
      case 'xs:maxInclusive':
        facets[facet.name.slice(3) as 'minInclusive'] = value;
        break;
      case 'xs:pattern':
        // A derived type's pattern adds to its base's: the value must match both.
        facets.patterns = [...(base.patterns ?? []), value];
        break;
      case 'xs:enumeration':
        enumeration.push(value);
        break;
      case 'xs:annotation':
        break;
      default:
        throw new Error(`${label}: unsupported facet ${facet.name}`);
    }
  }
  if (enumeration.length > 0) facets.enumeration = enumeration;
  return facets;
}

function simpleFromNode(node: XmlNode, label: string): SimpleType {
  const restriction = child(node, 'xs:restriction');
  if (!restriction) throw new Error(`${label}: only restrictions are supported`);
  return simpleFromRestriction(restriction, label);
}

/** A simple type by its qualified name ('xs:string', 'anet:numericString'), registered for output. */
function resolveSimple(qname: string, label: string): SimpleType {
  const builtin = BUILTINS[qname];
  if (builtin) {
    if (!simpleTypes.has(qname)) simpleTypes.set(qname, { kind: builtin });
    return { kind: builtin };
  }
  const name = qname.replace(/^anet:/, '');
  const known = simpleTypes.get(name);
  if (known) return known;
  const node = simpleNodes.get(name);
  if (!node) throw new Error(`${label}: unknown simple type ${qname}`);
  const type = simpleFromNode(node, name);
  simpleTypes.set(name, type);
  return type;
}

/** A reference to a complex type, queued for conversion when first seen. */
function useComplex(name: string, node: XmlNode): string {
  if (!complexTypes.has(name) && !pendingComplex.some(([n]) => n === name)) pendingComplex.push([name, node]);
  return name;
}

function elementParticle(node: XmlNode, owner: string): ElementParticle {
  const element = node.attrs.name;
  if (!element) throw new Error(`${owner}: element refs are not supported`);
  const occurrences = { min: occurs(node, 'minOccurs'), max: occurs(node, 'maxOccurs') };
  const complex = (type: string): ElementParticle => ({ element, type, ...occurrences });
  const simple = (type: string): ElementParticle => ({ element, type, simple: true, ...occurrences });
  const label = `${owner}.${element}`;
  const typeName = node.attrs.type;
  if (typeName) {
    const local = typeName.replace(/^anet:/, '');
    const complexNode = typeName.startsWith('anet:') ? complexNodes.get(local) : undefined;
    if (complexNode) return complex(useComplex(local, complexNode));
    resolveSimple(typeName, label);
    return simple(BUILTINS[typeName] ? typeName : local);
  }
  const inlineComplex = child(node, 'xs:complexType');
  if (inlineComplex) return complex(useComplex(label, inlineComplex));
  const inlineSimple = child(node, 'xs:simpleType');
  if (inlineSimple) {
    simpleTypes.set(label, simpleFromNode(inlineSimple, label));
    return simple(label);
  }
  // No type at all is xs:anyType: anything goes.
  resolveSimple('xs:anyType', label);
  return simple('xs:anyType');
}

function groupParticle(node: XmlNode, owner: string): GroupParticle {
  const items: Particle[] = [];
  for (const c of node.children) {
    if (c.name === 'xs:element') items.push(elementParticle(c, owner));
    else if (c.name === 'xs:sequence' || c.name === 'xs:choice') items.push(groupParticle(c, owner));
    else if (c.name !== 'xs:annotation') throw new Error(`${owner}: unsupported ${c.name}`);
  }
  const group = node.name === 'xs:choice' ? 'choice' : 'sequence';
  return { group, min: occurs(node, 'minOccurs'), max: occurs(node, 'maxOccurs'), items };
}

/** The content model of a complex type; an extension is its base's content followed by its own. */
function contentOf(node: XmlNode, name: string): GroupParticle | null {
  const group = node.children.find((c) => c.name === 'xs:sequence' || c.name === 'xs:choice');
  if (group) return groupParticle(group, name);
  const extension = child(node, 'xs:complexContent')?.children.find((c) => c.name === 'xs:extension');
  if (!extension) return null;
  const baseName = (extension.attrs.base ?? '').replace(/^anet:/, '');
  const baseNode = complexNodes.get(baseName);
  if (!baseNode) throw new Error(`${name}: unknown base ${extension.attrs.base}`);
  const base = contentOf(baseNode, baseName);
  const own = contentOf(extension, name);
  if (!base || !own) return base ?? own;
  return { group: 'sequence', min: 1, max: 1, items: [base, own] };
}

for (const request of REQUEST_TYPES) {
  const node = elementNodes.get(request);
  const type = node && child(node, 'xs:complexType');
  if (!type) throw new Error(`The XSD has no element ${request} with an inline complex type`);
  useComplex(request, type);
}
for (let next = pendingComplex.shift(); next; next = pendingComplex.shift()) {
  const [name, node] = next;
  complexTypes.set(name, { content: null });
  complexTypes.set(name, { content: contentOf(node, name) });
}

const declaredRequests = [...elementNodes.keys()].filter((name) => name.endsWith('Request'));

// --- Output: TypeScript literals, one line where they fit, then Biome's formatting. ---

const pad = (n: number) => ' '.repeat(n);
const key = (k: string) => (/^[A-Za-z_$][\w$]*$/.test(k) ? k : quote(k));
const quote = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

function inline(value: unknown): string {
  if (typeof value === 'string') return quote(value);
  if (Array.isArray(value)) return `[${value.map(inline).join(', ')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    return entries.length ? `{ ${entries.map(([k, v]) => `${key(k)}: ${inline(v)}`).join(', ')} }` : '{}';
  }
  return String(value);
}

/** `prefix` is what precedes the value on its line (indentation and key), for the width check. */
function literal(value: unknown, indent = 0, prefix = indent): string {
  const flat = inline(value);
  if (prefix + flat.length + 1 <= 120 || typeof value !== 'object' || value === null) return flat;
  const lines = Array.isArray(value)
    ? value.map((v) => `${pad(indent + 2)}${literal(v, indent + 2)},`)
    : Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => `${pad(indent + 2)}${key(k)}: ${literal(v, indent + 2, indent + 4 + key(k).length)},`);
  const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  return `${open}\n${lines.join('\n')}\n${pad(indent)}${close}`;
}

const output = `// GENERATED FILE: do not edit by hand.
// Written by scripts/generate-xsd-sequences.ts from xsd/AnetApiSchema.xsd (Authorize.Net's published
// schema; see xsd/README.md for its source). Regenerate: pnpm --filter @vault/authnet-simulator generate:xsd
// ${REQUEST_TYPES.length} request types, ${complexTypes.size} complex types, ${simpleTypes.size} simple types.
import type { ComplexType, SimpleType } from './xsd-model';

/** The request elements the simulator implements; each is also a key of xsdComplexTypes. */
export const xsdRequestTypes = ${literal(REQUEST_TYPES)} as const;

export type XsdRequestType = (typeof xsdRequestTypes)[number];

/** Every API method the XSD declares (a request the gateway knows, implemented here or not). */
export const xsdDeclaredRequests: ReadonlySet<string> = new Set(${literal(declaredRequests)});

export const xsdComplexTypes: Readonly<Record<string, ComplexType>> = ${literal(Object.fromEntries(complexTypes))};

export const xsdSimpleTypes: Readonly<Record<string, SimpleType>> = ${literal(Object.fromEntries(simpleTypes))};
`;
writeFileSync(OUT_PATH, output);
// Same layout as the rest of the repository, so a regeneration diffs only what the XSD changed.
execFileSync(join(here, '../../../node_modules/.bin/biome'), ['format', '--write', OUT_PATH], { stdio: 'ignore' });
process.stdout.write(
  `Wrote ${OUT_PATH}: ${REQUEST_TYPES.length} request types, ${complexTypes.size} complex types, ${simpleTypes.size} simple types.\n`,
);
