import { ClockPing } from '@vault/contracts';
import { describe, expect, it } from 'vitest';
import { createPingRtt } from './clock-ping';

describe('the round trip each clock ping reports', () => {
  it('is absent before any ping was answered, then the last one measured', () => {
    const rtt = createPingRtt();
    expect(rtt.ping(1000)).toEqual({ clientTime: 1000 });
    rtt.answered(1000, 1083.6);
    expect(rtt.ping(4000)).toEqual({ clientTime: 4000, rttMs: 84 });
    rtt.answered(4000, 4020);
    expect(rtt.ping(7000)).toEqual({ clientTime: 7000, rttMs: 20 });
  });

  it('stays within what the contract accepts, whatever the clock did', () => {
    const rtt = createPingRtt();
    rtt.answered(5000, 4000); // the device clock stepped back mid-ping
    expect(ClockPing.parse(rtt.ping(6000))).toEqual({ clientTime: 6000, rttMs: 0 });
    rtt.answered(0, 90_000);
    expect(ClockPing.parse(rtt.ping(91_000))).toEqual({ clientTime: 91_000, rttMs: 60_000 });
  });
});
