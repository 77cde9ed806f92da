import { fulfillmentMessages } from '@vault/contracts';
import { describe, expect, it } from 'vitest';
import { orderView, shipmentOf } from '../orders.fixture';
import { renderWithData, tagAround, textOf } from './render.fixture';
import { ReturnForm } from './return-form';
import { ReturnRequest } from './return-request';

const noop = () => undefined;
const accept = () => true;
const form = (props: Partial<Parameters<typeof ReturnForm>[0]> = {}) =>
  renderWithData(
    <ReturnForm
      orderLabel="3f2a9c1d"
      reason=""
      busy={false}
      onReasonChange={noop}
      onSubmit={accept}
      onCancel={noop}
      {...props}
    />,
    [],
  );

describe('the return request', () => {
  it('starts as a button with the last day a return may be asked for', () => {
    const order = orderView({ shipment: shipmentOf('delivered'), returnableUntil: '2026-04-08T12:00:00.000Z' });
    const html = renderWithData(<ReturnRequest order={order} until="2026-04-08T12:00:00.000Z" />, []);
    expect(textOf(html)).toBe('Request a return until Apr 8, 2026');
    expect(tagAround(html, 'Request a return', 'button')).toContain('type="button"');
  });

  it('asks for a labelled, required reason of at most 1,000 characters, with Submit and Cancel', () => {
    const html = form();
    expect(textOf(html)).toBe('Why are you returning it? Cancel Submit');
    expect(tagAround(html, 'aria-label="Request a return of order 3f2a9c1d"', 'form')).toContain('noValidate');
    const field = tagAround(html, 'maxLength', 'textarea');
    expect(field).toContain('maxLength="1000"');
    expect(field).toContain('required');
    expect(html).toMatch(/<label for="([^"]+)"[^>]*>Why are you returning it\?<\/label><textarea[^>]* id="\1"/);
  });

  it("says the contract's message under an empty reason, tied to the field", () => {
    const html = form({ reasonError: fulfillmentMessages.reasonRequired });
    expect(tagAround(html, 'maxLength', 'textarea')).toContain('aria-invalid="true"');
    expect(html).toMatch(/role="alert"[^>]*>Say why</);
  });

  it('is busy while the request is out: Submitting..., nothing to press twice', () => {
    const html = form({ reason: 'Chipped', busy: true });
    expect(textOf(html)).toContain('Cancel Submitting...');
    expect(tagAround(html, 'Submitting...', 'button')).toContain('disabled');
    expect(tagAround(html, 'Cancel', 'button')).toContain('disabled');
  });

  it("shows the server's refusal under the buttons", () => {
    const html = form({ reason: 'Chipped', serverError: fulfillmentMessages.returnWindowClosed(30) });
    expect(textOf(html)).toBe(
      'Why are you returning it? Chipped Cancel Submit Returns can be requested within 30 days of delivery',
    );
    expect(html).toMatch(/role="alert"[^>]*>Returns can be requested within 30 days of delivery</);
  });
});
