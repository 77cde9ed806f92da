import { describe, expect, it } from 'vitest';
import { type ClassShipping, needsAdultSignature, packageCarriers } from './package-rules';

// The seed of migration 0009: what the operator starts with.
const rules = new Map<string, ClassShipping>(
  (
    [
      ['manual_folder', ['usps', 'ups', 'fedex'], null],
      ['automatic', ['ups', 'fedex'], '0.00'],
      ['fixed_blade', ['usps', 'ups', 'fedex'], '500.00'],
      ['gear', ['usps', 'ups', 'fedex', 'dhl'], null],
    ] as const
  ).map(([legalClass, carriers, adultSignatureOver]) => [
    legalClass,
    { legalClass, carriers: [...carriers], adultSignatureOver },
  ]),
);

describe('what a package’s items allow', () => {
  it('offers the carriers every item’s class allows', () => {
    expect(packageCarriers(['manual_folder'], rules)).toEqual(['usps', 'ups', 'fedex']);
    expect(packageCarriers(['manual_folder', 'gear'], rules)).toEqual(['usps', 'ups', 'fedex']);
    expect(packageCarriers(['gear'], rules)).toEqual(['usps', 'ups', 'fedex', 'dhl']);
  });

  it('never offers USPS for an automatic, nor for an item nobody classified', () => {
    expect(packageCarriers(['manual_folder', 'automatic'], rules)).toEqual(['ups', 'fedex']);
    expect(packageCarriers(['gear', null], rules)).toEqual(['ups', 'fedex', 'dhl']);
    // A class without its row is treated like an unclassified item.
    expect(packageCarriers(['balisong'], rules)).toEqual(['ups', 'fedex', 'dhl']);
  });

  it('asks for an adult signature above the lowest threshold of its classes', () => {
    expect(needsAdultSignature(100, ['automatic'], rules)).toBe(true);
    expect(needsAdultSignature(50_000, ['fixed_blade'], rules)).toBe(false);
    expect(needsAdultSignature(50_001, ['fixed_blade'], rules)).toBe(true);
    expect(needsAdultSignature(10, ['fixed_blade', 'automatic'], rules)).toBe(true);
    // A null threshold never asks; neither does an unclassified item by itself.
    expect(needsAdultSignature(9_999_999, ['manual_folder', 'gear', null], rules)).toBe(false);
  });
});
