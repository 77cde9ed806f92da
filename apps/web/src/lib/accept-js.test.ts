import { describe, expect, it } from 'vitest';
import { providerErrorText } from './accept-js';

describe('providerErrorText', () => {
  it("joins the provider's message texts with a comma", () => {
    expect(
      providerErrorText({
        messages: {
          resultCode: 'Error',
          message: [
            { code: 'E_WC_05', text: 'Please provide valid credit card number.' },
            { code: 'E_WC_06', text: 'Please provide valid expiration month.' },
          ],
        },
      }),
    ).toBe('Please provide valid credit card number., Please provide valid expiration month.');
  });

  it('falls back to the generic text when the provider gave none', () => {
    expect(providerErrorText({ messages: { resultCode: 'Error', message: [] } })).toBe('Payment validation failed');
  });
});
