import { BuyResponse, DrawEntered } from '@vault/contracts';
import { z } from 'zod';
import { answerError } from '../../../lib/api-client';

/**
 * What a Buy answers on either transport: the purchase of a first-press item (200), or this
 * member's entry in a draw item's draw (202). The same call; the item's sale mode decides.
 */
export const BuyAnswer = z.union([BuyResponse, DrawEntered]);
export type BuyAnswer = z.infer<typeof BuyAnswer>;

export const isDrawEntry = (answer: BuyAnswer): answer is DrawEntered => 'entered' in answer;

/**
 * A 2xx body of POST /api/show/buy, checked: one that is neither a purchase nor an entry says
 * nothing about the sale, so it fails as the socket's unreadable ack does (a 5xx without
 * `{ message }`: outcome unknown, the key kept for a retry).
 */
export function readBuyAnswer(body: unknown): BuyAnswer {
  const parsed = BuyAnswer.safeParse(body);
  if (!parsed.success) throw answerError(502, '', 'malformed buy answer');
  return parsed.data;
}
