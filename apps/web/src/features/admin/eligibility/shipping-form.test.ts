import { describe, expect, it } from 'vitest';
import { ShippingFormSchema, shippingFormValues } from './shipping-form';

describe('the carriers form', () => {
  it('sends the carriers in one order and the threshold with two decimals', () => {
    expect(ShippingFormSchema.parse({ carriers: ['ups', 'usps'], adultSignatureOver: ' 250 ' })).toEqual({
      carriers: ['usps', 'ups'],
      adultSignatureOver: '250.00',
    });
  });

  it('reads an empty threshold as no adult signature, and back', () => {
    expect(ShippingFormSchema.parse({ carriers: ['ups'], adultSignatureOver: '' }).adultSignatureOver).toBeNull();
    expect(shippingFormValues({ legalClass: 'automatic', carriers: ['ups'], adultSignatureOver: null })).toEqual({
      carriers: ['ups'],
      adultSignatureOver: '',
    });
  });

  it("refuses no carrier and a threshold that is not an amount, in the contract's words", () => {
    const issues = ShippingFormSchema.safeParse({ carriers: [], adultSignatureOver: 'lots' }).error?.issues ?? [];
    expect(Object.fromEntries(issues.map((i) => [i.path.join('.'), i.message]))).toEqual({
      carriers: 'Choose at least one carrier',
      adultSignatureOver: 'Enter an amount like 250.00, or leave it empty',
    });
  });
});
