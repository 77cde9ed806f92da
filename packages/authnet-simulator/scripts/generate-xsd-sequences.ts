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
import { readContentModels } from './generate-xsd/content-models';
import { literal } from './generate-xsd/ts-literal';
import { parseXml } from './generate-xsd/xml-reader';

/** The request types the simulator implements (the simulator has a handler for each). */
const REQUEST_TYPES = [
  'securePaymentContainerRequest',
  'createCustomerProfileRequest',
  'createCustomerPaymentProfileRequest',
  'getCustomerProfileRequest',
  'deleteCustomerProfileRequest',
  'deleteCustomerPaymentProfileRequest',
  'getTransactionListForCustomerRequest',
  'getTransactionDetailsRequest',
  'createTransactionRequest',
] as const;

/**
 * Answers the simulator builds in the XSD's element order, and its tests check against the XSD
 * (schema-order.ts checkResponse): every answer the official SDKs read field by field.
 */
const RESPONSE_TYPES = ['getTransactionDetailsResponse'] as const;

const here = dirname(fileURLToPath(import.meta.url));
const XSD_PATH = join(here, '../xsd/AnetApiSchema.xsd');
const OUT_PATH = join(here, '../src/xsd-sequences.ts');

const { complexTypes, simpleTypes, declaredRequests } = readContentModels(parseXml(readFileSync(XSD_PATH, 'utf8')), [
  ...REQUEST_TYPES,
  ...RESPONSE_TYPES,
]);

const output = `// GENERATED FILE: do not edit by hand.
// Written by scripts/generate-xsd-sequences.ts from xsd/AnetApiSchema.xsd (Authorize.Net's published
// schema; see xsd/README.md for its source). Regenerate: pnpm --filter @vault/authnet-simulator generate:xsd
// ${REQUEST_TYPES.length} request types, ${RESPONSE_TYPES.length} response types, ${complexTypes.size} complex types, ${simpleTypes.size} simple types.
import type { ComplexType, SimpleType } from './xsd-model';

/** The request elements the simulator implements; each is also a key of xsdComplexTypes. */
export const xsdRequestTypes = ${literal(REQUEST_TYPES)} as const;

export type XsdRequestType = (typeof xsdRequestTypes)[number];

/** The answers the simulator's tests check against the XSD; each is also a key of xsdComplexTypes. */
export const xsdResponseTypes = ${literal(RESPONSE_TYPES)} as const;

export type XsdResponseType = (typeof xsdResponseTypes)[number];

/** Every API method the XSD declares (a request the gateway knows, implemented here or not). */
export const xsdDeclaredRequests: ReadonlySet<string> = new Set(${literal(declaredRequests)});

export const xsdComplexTypes: Readonly<Record<string, ComplexType>> = ${literal(Object.fromEntries(complexTypes))};

export const xsdSimpleTypes: Readonly<Record<string, SimpleType>> = ${literal(Object.fromEntries(simpleTypes))};
`;
writeFileSync(OUT_PATH, output);
// Same layout as the rest of the repository, so a regeneration diffs only what the XSD changed.
execFileSync(join(here, '../../../node_modules/.bin/biome'), ['format', '--write', OUT_PATH], { stdio: 'ignore' });
process.stdout.write(
  `Wrote ${OUT_PATH}: ${REQUEST_TYPES.length} request types, ${RESPONSE_TYPES.length} response types, ${complexTypes.size} complex types, ${simpleTypes.size} simple types.\n`,
);
