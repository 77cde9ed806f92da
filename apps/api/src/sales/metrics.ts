import type { BuyResponse, DrawEntered } from '@vault/contracts';
import { AppError } from '../core/app-error';
import type { ApiMetrics, BuyOutcome, BuyTransport } from '../core/metrics';
import { GatewayError } from '../payments';
import type { AttemptCounter } from './attempts';
import { isReplay, type Seller } from './seller';

/** The outcome of a press that the seller refused or failed. */
function failedOutcome(error: unknown): BuyOutcome {
  if (!(error instanceof AppError)) return 'error';
  switch (error.code) {
    case 'sold':
      return 'sold';
    case 'card_declined':
      return 'declined';
    // The same answer for a gateway that failed and one that did not answer in time; an operator
    // needs to tell a slow gateway from a failing one, so the cause decides.
    case 'payment_failed':
      return error.cause instanceof GatewayError && error.cause.failure === 'timeout' ? 'timeout' : 'error';
    // The first press of a double tap on another replica did not finish in time.
    case 'buy_in_progress':
      return 'timeout';
    default:
      // Not signed in, no card, not on sale, a reused key: the member's case, not the system's.
      return error.statusCode < 500 ? 'refused' : 'error';
  }
}

export type MeteredSeller = Omit<Seller, 'buy'> & {
  buy(
    userId: string,
    showItemId: string,
    idempotencyKey: string | null,
    transport?: BuyTransport,
  ): Promise<BuyResponse | DrawEntered>;
};

/** A draw item's press that entered its draw (202), rather than a purchase. */
export const isDrawEntry = (answer: BuyResponse | DrawEntered): answer is DrawEntered => 'entered' in answer;

/** A press that named no item (404): nothing to count it against (sales/attempts.ts). */
const namedNoItem = (error: unknown) => error instanceof AppError && error.code === 'not_found';

/**
 * The seller with every press counted once, by outcome and transport (HTTP route or socket), and
 * per item when `attempts` is given (the show report's demand). A draw entry is no sale: it is
 * counted as an entry (`entered`; draws/metrics.ts), and the show report reads entries from the
 * draw's own rows; a refused entry is a refused press like any other.
 */
export function meterSeller(
  seller: Seller,
  metrics: ApiMetrics,
  attempts?: AttemptCounter,
  entered?: (first: boolean, transport: BuyTransport) => void,
): MeteredSeller {
  return {
    ...seller,
    async buy(userId, showItemId, idempotencyKey, transport = 'http') {
      const started = performance.now();
      const seconds = () => (performance.now() - started) / 1000;
      try {
        const response = await seller.buy(userId, showItemId, idempotencyKey);
        if (isDrawEntry(response)) {
          entered?.(response.first, transport);
          return response;
        }
        const outcome = isReplay(response) ? 'replay' : 'won';
        metrics.buy(outcome, transport, seconds());
        attempts?.record(showItemId, outcome, userId);
        return response;
      } catch (error) {
        const outcome = failedOutcome(error);
        metrics.buy(outcome, transport, seconds());
        if (!namedNoItem(error)) attempts?.record(showItemId, outcome, userId);
        throw error;
      }
    },
  };
}
