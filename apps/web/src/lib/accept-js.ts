import { type OpaqueDataBody, type PaymentConfigResponse, paymentMessages } from '@vault/contracts';
import { paddedMonth } from './card-inputs';

// Card data never reaches our API: the browser hands it to Authorize.Net's Accept.js
// (or the local simulator standing in for it), which returns a single-use opaque token. This is
// the one place that loads that script and calls it; onboarding and the account dialog share it.

export const paymentConfigKey = ['/api/payment/config'] as const;

interface AcceptMessage {
  code: string;
  text: string;
}

export interface AcceptResponse {
  opaqueData?: OpaqueDataBody;
  messages: { resultCode: 'Ok' | 'Error'; message: AcceptMessage[] };
}

interface AcceptSecureData {
  authData: { clientKey: string; apiLoginID: string };
  cardData: { cardNumber: string; month: string; year: string; cardCode: string; fullName?: string };
}

interface AcceptApi {
  dispatchData(secureData: AcceptSecureData, callback: (response: AcceptResponse) => void): void;
}

declare global {
  interface Window {
    Accept?: AcceptApi;
  }
}

export interface CardDetails {
  fullName: string;
  /** Digits only. */
  cardNumber: string;
  month: string;
  year: string;
  cardCode: string;
}

/** A card the provider would not tokenise, or a provider that is not there; shown as "Payment Error". */
export class PaymentProviderError extends Error {
  readonly title = 'Payment Error';
  constructor(message: string) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}

export const NOT_LOADED = 'Payment system not loaded. Please refresh and try again.';

let loading: { src: string; promise: Promise<void> } | undefined;

/** Adds the Accept.js <script> once; later calls share the same load. A failed load may be retried. */
export function loadAcceptJs(src: string): Promise<void> {
  if (window.Accept) return Promise.resolve();
  if (loading?.src === src) return loading.promise;
  const promise = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.charset = 'utf-8';
    script.dataset.acceptJs = '';
    script.onload = () => resolve();
    script.onerror = () => {
      script.remove();
      loading = undefined;
      reject(new PaymentProviderError(NOT_LOADED));
    };
    document.head.appendChild(script);
  });
  loading = { src, promise };
  return promise;
}

/** The provider's message texts joined by ", ", or the generic text when it gave none. */
export function providerErrorText(response: AcceptResponse): string {
  const texts = (response.messages?.message ?? []).map((m) => m.text).filter(Boolean);
  return texts.length > 0 ? texts.join(', ') : paymentMessages.validationFailed;
}

/** Loads Accept.js if needed and trades the card for an opaque token. Rejects with PaymentProviderError. */
export async function tokenizeCard(config: PaymentConfigResponse, card: CardDetails): Promise<OpaqueDataBody> {
  try {
    await loadAcceptJs(config.acceptJsUrl);
  } catch {
    // reported below: window.Accept is missing
  }
  const accept = window.Accept;
  if (!accept) throw new PaymentProviderError(NOT_LOADED);

  const fullName = card.fullName.trim();
  const secureData: AcceptSecureData = {
    authData: { clientKey: config.clientKey, apiLoginID: config.apiLoginId },
    cardData: {
      cardNumber: card.cardNumber,
      month: paddedMonth(card.month),
      year: card.year,
      cardCode: card.cardCode,
      ...(fullName ? { fullName } : {}),
    },
  };

  return new Promise<OpaqueDataBody>((resolve, reject) => {
    try {
      accept.dispatchData(secureData, (response) => {
        if (response.messages?.resultCode === 'Ok' && response.opaqueData) resolve(response.opaqueData);
        else reject(new PaymentProviderError(providerErrorText(response)));
      });
    } catch {
      reject(new PaymentProviderError(NOT_LOADED));
    }
  });
}
