import { describe, expect, it } from 'vitest';
import {
  authorizationExpired,
  batchId,
  nextSettlement,
  parseCutoff,
  refundWindowClosed,
  transactionStatus,
} from './settlement';

const at = (iso: string) => new Date(iso);
const ELEVEN_PM = 23 * 60;

describe('the daily settlement batch', () => {
  it('reads the cut-off as HH:MM UTC and refuses anything else', () => {
    expect(parseCutoff('23:00')).toBe(1380);
    expect(parseCutoff('00:00')).toBe(0);
    expect(parseCutoff('07:45')).toBe(465);
    for (const bad of ['24:00', '7:45', '23:60', '2300', '', '23:00Z'])
      expect(() => parseCutoff(bad), bad).toThrow('HH:MM (UTC)');
  });

  it.each([
    [
      'a capture in the morning settles at that evening’s cut-off',
      '2026-03-10T08:15:00.000Z',
      '2026-03-10T23:00:00.000Z',
    ],
    ['a capture a millisecond before the cut-off makes it', '2026-03-10T22:59:59.999Z', '2026-03-10T23:00:00.000Z'],
    ['a capture at the cut-off itself has missed it', '2026-03-10T23:00:00.000Z', '2026-03-11T23:00:00.000Z'],
    ['a capture after the cut-off settles the next day', '2026-03-10T23:30:00.000Z', '2026-03-11T23:00:00.000Z'],
    [
      'the batch after the year’s last cut-off is in the new year',
      '2026-12-31T23:59:00.000Z',
      '2027-01-01T23:00:00.000Z',
    ],
    ['a leap day has its own batch', '2028-02-29T12:00:00.000Z', '2028-02-29T23:00:00.000Z'],
  ])('%s', (_name, captured, settles) => {
    expect(nextSettlement(at(captured), ELEVEN_PM).toISOString()).toBe(settles);
  });

  it('settles at midnight and at an early cut-off the same way', () => {
    expect(nextSettlement(at('2026-03-10T23:59:00.000Z'), 0).toISOString()).toBe('2026-03-11T00:00:00.000Z');
    expect(nextSettlement(at('2026-03-11T00:00:00.000Z'), 0).toISOString()).toBe('2026-03-12T00:00:00.000Z');
    expect(nextSettlement(at('2026-03-11T02:00:00.000Z'), parseCutoff('02:30')).toISOString()).toBe(
      '2026-03-11T02:30:00.000Z',
    );
  });

  it('gives everything settled at one instant one batch id, and another instant another', () => {
    const batch = batchId(at('2026-03-10T23:00:00.000Z'));
    expect(batch).toMatch(/^\d+$/);
    expect(batchId(at('2026-03-10T23:00:00.000Z'))).toBe(batch);
    expect(batchId(at('2026-03-11T23:00:00.000Z'))).not.toBe(batch);
  });
});

describe('the gateway calendar', () => {
  it('lapses an authorisation 30 days after it was made', () => {
    const made = at('2026-03-01T10:00:00.000Z');
    expect(authorizationExpired(made, at('2026-03-31T09:59:59.999Z'))).toBe(false);
    expect(authorizationExpired(made, at('2026-03-31T10:00:00.000Z'))).toBe(true);
  });

  it('refunds a settled charge for 180 days after its settlement', () => {
    const settled = at('2026-01-01T23:00:00.000Z');
    expect(refundWindowClosed(settled, at('2026-06-30T23:00:00.000Z'))).toBe(false);
    expect(refundWindowClosed(settled, at('2026-06-30T23:00:00.001Z'))).toBe(true);
  });

  it('reads each row as the gateway’s transactionStatus at a given moment', () => {
    const createdAt = at('2026-03-10T08:00:00.000Z');
    const settleAt = at('2026-03-10T23:00:00.000Z');
    const before = at('2026-03-10T22:00:00.000Z');
    const after = at('2026-03-10T23:00:00.000Z');
    expect(transactionStatus({ status: 'authorized', createdAt, settleAt: null }, before)).toBe(
      'authorizedPendingCapture',
    );
    expect(transactionStatus({ status: 'authorized', createdAt, settleAt: null }, at('2026-04-09T08:00:00.000Z'))).toBe(
      'expired',
    );
    expect(transactionStatus({ status: 'captured', createdAt, settleAt }, before)).toBe('capturedPendingSettlement');
    expect(transactionStatus({ status: 'captured', createdAt, settleAt }, after)).toBe('settledSuccessfully');
    expect(transactionStatus({ status: 'refunded', createdAt, settleAt }, before)).toBe('refundPendingSettlement');
    expect(transactionStatus({ status: 'refunded', createdAt, settleAt }, after)).toBe('refundSettledSuccessfully');
    expect(transactionStatus({ status: 'voided', createdAt, settleAt }, after)).toBe('voided');
    expect(transactionStatus({ status: 'declined', createdAt, settleAt: null }, after)).toBe('declined');
    expect(transactionStatus({ status: 'error', createdAt, settleAt: null }, after)).toBe('generalError');
    // A capture recorded before settlement instants were kept waits for an explicit batch.
    expect(transactionStatus({ status: 'captured', createdAt, settleAt: null }, after)).toBe(
      'capturedPendingSettlement',
    );
  });
});
