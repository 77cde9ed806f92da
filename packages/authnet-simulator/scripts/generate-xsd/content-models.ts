// From XSD nodes to content models: the content model of every request or response element asked for and of
// every type they reach (following extension bases such as ANetApiRequest, choices, nested groups
// and anonymous types), plus the facets of the simple types on the way.
import {
  type ComplexType,
  type ElementParticle,
  type GroupParticle,
  type Particle,
  type SimpleKind,
  type SimpleType,
  UNBOUNDED,
} from '../../src/xsd-model';
import type { XmlNode } from './xml-reader';

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

const occurs = (node: XmlNode, attr: 'minOccurs' | 'maxOccurs') => {
  const value = node.attrs[attr];
  if (value === undefined) return 1;
  if (value === 'unbounded') return UNBOUNDED;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`Bad ${attr}="${value}"`);
  return n;
};
const child = (node: XmlNode, name: string) => node.children.find((c) => c.name === name);

export interface ContentModels {
  complexTypes: Map<string, ComplexType>;
  simpleTypes: Map<string, SimpleType>;
  /** Every API method the XSD declares, implemented by the simulator or not. */
  declaredRequests: string[];
}

/** Reads a parsed XSD (its xs:schema node) into the models of the `elements` (requests, responses) and all they reach. */
export function readContentModels(schema: XmlNode, elements: readonly string[]): ContentModels {
  const named = (kind: string) =>
    new Map(schema.children.filter((n) => n.name === kind).map((n) => [n.attrs.name as string, n]));
  const complexNodes = named('xs:complexType');
  const simpleNodes = named('xs:simpleType');
  const elementNodes = named('xs:element');

  const complexTypes = new Map<string, ComplexType>();
  const simpleTypes = new Map<string, SimpleType>();
  const pendingComplex: Array<[string, XmlNode]> = [];

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

  for (const element of elements) {
    const node = elementNodes.get(element);
    const type = node && child(node, 'xs:complexType');
    if (!type) throw new Error(`The XSD has no element ${element} with an inline complex type`);
    useComplex(element, type);
  }
  for (let next = pendingComplex.shift(); next; next = pendingComplex.shift()) {
    const [name, node] = next;
    complexTypes.set(name, { content: null });
    complexTypes.set(name, { content: contentOf(node, name) });
  }

  const declaredRequests = [...elementNodes.keys()].filter((name) => name.endsWith('Request'));

  return { complexTypes, simpleTypes, declaredRequests };
}
