// The shape of the content models that scripts/generate-xsd-sequences.ts extracts from
// Authorize.Net's XSD (xsd/AnetApiSchema.xsd) into xsd-sequences.ts. Only what the validator (schema-order.ts
// and simple-types.ts) needs: element order, occurrences, choices, and simple-type facets.

/** 'unbounded' in the XSD. */
export const UNBOUNDED = -1;

/** The XSD built-in type a simple type ultimately restricts. */
export type SimpleKind =
  | 'string'
  | 'boolean'
  | 'decimal'
  | 'integer'
  | 'long'
  | 'int'
  | 'short'
  | 'date'
  | 'dateTime'
  | 'any';

/** A simple type with its facets flattened along its restriction chain. */
export interface SimpleType {
  kind: SimpleKind;
  length?: number;
  minLength?: number;
  maxLength?: number;
  /** XSD regular expressions, all of which must match the whole value. */
  patterns?: readonly string[];
  enumeration?: readonly string[];
  minInclusive?: string;
  maxInclusive?: string;
  totalDigits?: number;
  fractionDigits?: number;
}

export interface ElementParticle {
  element: string;
  /** A key of xsdComplexTypes, or of xsdSimpleTypes when `simple` is set. */
  type: string;
  simple?: true;
  min: number;
  /** UNBOUNDED (-1) for maxOccurs="unbounded". */
  max: number;
}

export interface GroupParticle {
  group: 'sequence' | 'choice';
  items: readonly Particle[];
  min: number;
  max: number;
}

export type Particle = ElementParticle | GroupParticle;

export interface ComplexType {
  /** The content model; null for a type with no child elements (empty content). */
  content: GroupParticle | null;
}
