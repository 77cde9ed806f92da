import { describe, expect, it } from 'vitest';
import { dragProgress, keyProgress, passesThreshold, percent } from './swipe-math';

describe('swipe-to-confirm drag', () => {
  it('follows the pointer along the track', () => {
    expect(dragProgress(0, 150, 300)).toBe(0.5);
    expect(dragProgress(0.5, -75, 300)).toBe(0.25);
  });

  it('never leaves the track', () => {
    expect(dragProgress(0, -40, 300)).toBe(0);
    expect(dragProgress(0, 900, 300)).toBe(1);
  });

  it('stays put when the track has no room to move', () => {
    expect(dragProgress(0.3, 50, 0)).toBe(0.3);
  });
});

describe('the 90% threshold', () => {
  it('confirms from 90% of the track, not before', () => {
    expect(passesThreshold(0.89)).toBe(false);
    expect(passesThreshold(0.9)).toBe(true);
    expect(passesThreshold(1)).toBe(true);
    expect(passesThreshold(dragProgress(0, 269, 300))).toBe(false);
    expect(passesThreshold(dragProgress(0, 271, 300))).toBe(true);
  });

  it('is reached by nine arrow presses despite floating point', () => {
    let progress = 0;
    for (let i = 0; i < 9; i++) progress = keyProgress(progress, 'ArrowRight') ?? progress;
    expect(passesThreshold(progress)).toBe(true);
    expect(percent(progress)).toBe(90);
  });
});

describe('keyboard', () => {
  it('confirms with Enter, Space or End', () => {
    expect(keyProgress(0, 'Enter')).toBe(1);
    expect(keyProgress(0, ' ')).toBe(1);
    expect(keyProgress(0.2, 'End')).toBe(1);
  });

  it('steps with the arrows within the track and resets with Home', () => {
    expect(keyProgress(0, 'ArrowRight')).toBeCloseTo(0.1);
    expect(keyProgress(0, 'ArrowLeft')).toBe(0);
    expect(keyProgress(1, 'ArrowRight')).toBe(1);
    expect(keyProgress(0.5, 'Home')).toBe(0);
  });

  it('ignores other keys', () => {
    expect(keyProgress(0.3, 'Tab')).toBeNull();
    expect(keyProgress(0.3, 'a')).toBeNull();
  });
});
