import type { AdminShowItem } from '@vault/contracts';
import { drawMessages } from '@vault/contracts';
import { describe, expect, it } from 'vitest';
import { changedItemBody, EditItemSchema, editItemSchema, itemEditValues } from './item-edit';

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
      saleMode: 'first_press',
      drawWindowSeconds: '',
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

  describe('its sale mode', () => {
    const drawItem = { ...item, saleMode: 'draw' as const, drawWindowSeconds: 30 };
    const drawInitial = { values: itemEditValues(drawItem), imageUrls: item.imageUrls };

    it('sends a switch to a draw with its window, and a switch back to first press alone', () => {
      expect(
        changedItemBody(initial, { ...initial.values, saleMode: 'draw', drawWindowSeconds: '25' }, item.imageUrls),
      ).toEqual({ saleMode: 'draw', drawWindowSeconds: 25 });
      expect(drawInitial.values).toMatchObject({ saleMode: 'draw', drawWindowSeconds: '30' });
      // The server drops the window; sending it would only be refused as out of place.
      expect(changedItemBody(drawInitial, { ...drawInitial.values, saleMode: 'first_press' }, item.imageUrls)).toEqual({
        saleMode: 'first_press',
      });
    });

    it('sends only a changed window of a draw, and nothing for the same number written another way', () => {
      expect(changedItemBody(drawInitial, { ...drawInitial.values, drawWindowSeconds: '40' }, item.imageUrls)).toEqual({
        drawWindowSeconds: 40,
      });
      expect(
        changedItemBody(drawInitial, { ...drawInitial.values, drawWindowSeconds: ' 30 ' }, item.imageUrls),
      ).toBeNull();
      // A window typed and then abandoned for first press is no change.
      expect(changedItemBody(initial, { ...initial.values, drawWindowSeconds: '45' }, item.imageUrls)).toBeNull();
    });

    it("checks a draw's window against the show's time per item, as the API does", () => {
      const messageOf = (perKnife: number | undefined, values: object) => {
        const result = editItemSchema(perKnife).safeParse({ ...initial.values, ...values });
        return result.success ? null : result.error.issues.find((i) => i.path[0] === 'drawWindowSeconds')?.message;
      };
      expect(messageOf(60, { saleMode: 'draw', drawWindowSeconds: '' })).toBe(drawMessages.windowRequired);
      expect(messageOf(60, { saleMode: 'draw', drawWindowSeconds: '59' })).toBe(drawMessages.windowTooLong(60));
      expect(messageOf(60, { saleMode: 'draw', drawWindowSeconds: '58' })).toBeNull();
      expect(messageOf(60, { saleMode: 'draw', drawWindowSeconds: '4' })).toBe(
        'Draw window must be at least 5 seconds',
      );
      expect(messageOf(60, { saleMode: 'first_press', drawWindowSeconds: 'abc' })).toBeNull();
    });
  });
});
