import { describe, expect, it } from 'vitest';
import {
  carrierFormats,
  isTrackingNumber,
  memberShipmentStatus,
  normalizeTrackingNumber,
  trackingUrl,
} from './fulfillment';

describe('carrier tracking numbers', () => {
  it("accepts each carrier's own example and refuses it for the others", () => {
    expect(isTrackingNumber('ups', carrierFormats.ups.example)).toBe(true);
    expect(isTrackingNumber('usps', carrierFormats.usps.example)).toBe(true);
    expect(isTrackingNumber('fedex', carrierFormats.fedex.example)).toBe(true);
    expect(isTrackingNumber('dhl', carrierFormats.dhl.example)).toBe(true);
    expect(isTrackingNumber('usps', carrierFormats.ups.example)).toBe(false);
    expect(isTrackingNumber('ups', carrierFormats.fedex.example)).toBe(false);
  });

  it("checks UPS's check digit: one changed character is refused", () => {
    expect(isTrackingNumber('ups', '1Z999AA10123456784')).toBe(true);
    expect(isTrackingNumber('ups', '1Z999AA10123456785')).toBe(false);
    expect(isTrackingNumber('ups', '1Z999AB10123456784')).toBe(false);
  });

  it('takes a number as people type it, with spaces, dashes and lower case', () => {
    expect(normalizeTrackingNumber(' 1z999aa1-0123 456784 ')).toBe('1Z999AA10123456784');
    expect(isTrackingNumber('usps', '9400 1118 9922 3197 4284 90')).toBe(true);
    expect(isTrackingNumber('usps', 'ea123456789us')).toBe(true);
  });

  it("links to the carrier's tracking page with the normalised number", () => {
    expect(trackingUrl('ups', '1z999aa1 0123456784')).toBe('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(trackingUrl('fedex', '1234 5678 9012')).toBe('https://www.fedex.com/fedextrack/?trknbr=123456789012');
  });

  it('shows members a package whose captures are at the gateway as processing', () => {
    expect(memberShipmentStatus('shipping')).toBe('processing');
    expect(memberShipmentStatus('shipped')).toBe('shipped');
  });
});
