import { describe, expect, it } from 'vitest';
import { ACTION_FILTERS, actionLabel, targetName } from './actions';

describe('actionLabel', () => {
  it('reads the known actions by name', () => {
    expect(actionLabel('show.start')).toBe('Started show');
    expect(actionLabel('purchase.void')).toBe('Voided purchase');
    expect(actionLabel('show.reorder')).toBe('Reordered lineup');
    expect(actionLabel('payment_simulator.inject_fault')).toBe('Injected payment fault');
  });

  it('reads an action it does not know from its parts', () => {
    expect(actionLabel('test_product.create')).toBe('Created test product');
    expect(actionLabel('test_product.archive')).toBe('Archived test product');
    expect(actionLabel('show_item.copy')).toBe('Copied show item');
    expect(actionLabel('show.add_note')).toBe('Added note');
    expect(actionLabel('image.reset')).toBe('Reset image');
    expect(actionLabel('lonely')).toBe('Lonely');
  });
});

describe('the filter', () => {
  it('offers every target kind as an action prefix, after All actions', () => {
    expect(ACTION_FILTERS[0]).toEqual({ value: '', label: 'All actions' });
    expect(ACTION_FILTERS.map((f) => f.value)).toContain('purchase.');
    expect(ACTION_FILTERS.find((f) => f.value === 'show.')?.label).toBe('Show actions');
    expect(targetName('payment_simulator')).toBe('Payment simulator');
  });
});
