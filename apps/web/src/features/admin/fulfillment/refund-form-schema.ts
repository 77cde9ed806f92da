import { RefundBody } from '@vault/contracts';
import { refundTooLarge } from './shipment-text';

/**
 * A refund as the admin fills it: the contract's amount and reason, and never more than is left of
 * the capture (the server refuses that too, in the same words).
 */
export const refundFormSchema = (left: string) =>
  RefundBody.superRefine((values, ctx) => {
    const problem = refundTooLarge(values.amount, left);
    if (problem) ctx.addIssue({ code: 'custom', path: ['amount'], message: problem });
  });
