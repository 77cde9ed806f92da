import type { AdminShowItem } from '@vault/contracts';
import { describe, expect, it } from 'vitest';
import { changedItemBody, EditItemSchema, itemEditValues } from './item-edit';

const item: AdminShowItem = {
  id: '5f0c6f1e-2b8e-4f59-9a43-3f4b0d8c1a11',
  showId: '0c3c2b84-6f42-4c5e-9d3c-64b1e5d0b7a2',
  title: 'Night Owl',
  name: 'Night Owl',
  description: 'A side-opener',
  price: '250.00',
  status: 'available',
  orderIndex: 0,
  imageUrls: ['/media/owl.jpg'],
  mainVideoUrl: null,
  category: 'Folder',
  bladeType: null,
  soldToUserId: null,
  legalClass: 'automatic',
  bladeLength: '3.25',
  hearts: 2,
  saleMode: 'first_press',
  drawWindowSeconds: null,
};

const initial = { values: itemEditValues(item), imageUrls: item.imageUrls };

describe('the Edit Show Item form', () => {
  it('starts from the item, with empty text for what it does not have', () => {
    expect(initial.values).toEqual({
      title: 'Night Owl',
      description: 'A side-opener',
      price: '250.00',
      category: 'Folder',
      bladeType: '',
      mainVideoUrl: '',
      legalClass: 'automatic',
      bladeLength: '3.25',
    });
  });

  it('sends only what changed, as the contract reads it', () => {
    const body = changedItemBody(
      initial,
      { ...initial.values, legalClass: 'assisted', bladeLength: '3.5' },
      item.imageUrls,
    );
    expect(body).toEqual({ legalClass: 'assisted', bladeLength: '3.50' });
  });

  it('does not count the same price or blade written another way as a change (a sold price is never resent)', () => {
    expect(
      changedItemBody(initial, { ...initial.values, price: '250', bladeLength: '3.250' }, item.imageUrls),
    ).toBeNull();
    expect(changedItemBody(initial, { ...initial.values, title: ' Night Owl ' }, item.imageUrls)).toBeNull();
  });

  it('clears an emptied optional field and sends a changed image list whole', () => {
    const body = changedItemBody(initial, { ...initial.values, description: '' }, [...item.imageUrls, '/media/b.jpg']);
    expect(body).toEqual({ description: null, imageUrls: ['/media/owl.jpg', '/media/b.jpg'] });
  });

  it('makes an unclassified item choose a class and a blade length before it can be saved', () => {
    const values = itemEditValues({ ...item, legalClass: null, bladeLength: null });
    expect(values.legalClass).toBe('');
    const result = EditItemSchema.safeParse(values);
    expect(result.success).toBe(false);
    const messages = Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path[0], issue.message]));
    expect(messages).toEqual({
      legalClass: 'Choose a legal class',
      bladeLength: 'Blade length is required (0 for gear without a blade)',
    });
  });
});
