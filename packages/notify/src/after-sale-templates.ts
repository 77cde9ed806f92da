import { type Carrier, carrierLabels } from '@vault/contracts';
import type { MailMessage } from './mailer';
import { body, formatMoney, formatWhen, orderNumber } from './templates';

// The emails after the sale: the package shipped, a return approved or declined, a refund issued.
// Same shape as the receipt: text first, the HTML part the same words escaped, links clickable.

type Mail = Omit<MailMessage, 'messageId'>;

/** "Hello Ada," — or just "Hello," for an account without a name. */
const greeting = (name: string) => (name ? `Hello ${name},` : 'Hello,');

/**
 * Carriers whose adult signature means 21 or over with a photo ID for US deliveries: USPS (Domestic
 * Mail Manual 503.8), UPS and FedEx (their signature-option pages). DHL publishes no age for its
 * US adult signature that we could confirm, so its email says only "an adult".
 */
const ADULT_MEANS_21: readonly Carrier[] = ['usps', 'ups', 'fedex'];

export function adultSignatureLine(carrier: Carrier): string {
  return ADULT_MEANS_21.includes(carrier)
    ? 'An adult (21 or over, with a photo ID) must sign for this package: the carrier will not leave it at the door.'
    : 'An adult must sign for this package: the carrier will not leave it at the door.';
}

export interface ShippedItem {
  purchaseId: string;
  title: string;
}

export interface ShipmentShippedFacts {
  to: string;
  name: string;
  items: ShippedItem[];
  carrier: Carrier;
  service: string | null;
  trackingNumber: string;
  trackingUrl: string;
  shipTo: string;
  adultSignature: boolean;
  /** Set when the admin marked it delivered before this email went out (a late retry). */
  deliveredAt: Date | null;
}

export function shipmentShippedMail(facts: ShipmentShippedFacts, links: { account: string }): Mail {
  const [first, ...rest] = facts.items;
  const what = first ? `${first.title}${rest.length > 0 ? ` and ${rest.length} more` : ''}` : 'your order';
  const carrier = carrierLabels[facts.carrier];
  return {
    to: facts.to,
    subject: `Your order has shipped: ${what}`,
    ...body([
      greeting(facts.name),
      facts.items.length === 1 ? 'Your order is on its way.' : `Your ${facts.items.length} items are on their way.`,
      facts.items.map((item) => `${item.title} — order ${orderNumber(item.purchaseId)}`).join('\n'),
      [
        `Carrier: ${carrier}`,
        ...(facts.service ? [`Service: ${facts.service}`] : []),
        `Tracking number: ${facts.trackingNumber}`,
      ].join('\n'),
      { label: `Track it on ${carrier}`, href: facts.trackingUrl },
      `Shipping to:\n${facts.shipTo}`,
      ...(facts.adultSignature ? [adultSignatureLine(facts.carrier)] : []),
      ...(facts.deliveredAt ? [`It was marked delivered on ${formatWhen(facts.deliveredAt)}.`] : []),
      { label: 'Your orders', href: links.account },
    ]),
  };
}

export interface ReturnFacts {
  to: string;
  name: string;
  /** RMA-XXXXXXXX: what the member writes on the parcel. */
  returnNumber: string;
  purchaseId: string;
  itemTitle: string;
  /** The member's reason for the return. */
  reason: string;
  /** The admin's instructions (approved) or explanation (declined). */
  message: string | null;
}

export function returnApprovedMail(facts: ReturnFacts, links: { account: string }): Mail {
  const order = orderNumber(facts.purchaseId);
  // The vault has no return address of its own in its settings: the admin's instructions carry it.
  const shipTo = facts.message
    ? '3. Ship it to the address in the instructions above, with tracking, and keep the receipt.'
    : '3. Ship it back with tracking and keep the receipt. If you do not have our return address, reply to this email and we will send it.';
  return {
    to: facts.to,
    subject: `Your return is approved — ${facts.returnNumber}`,
    ...body([
      greeting(facts.name),
      `Your return of ${facts.itemTitle} (order ${order}) is approved.`,
      `Return number: ${facts.returnNumber}`,
      ...(facts.message ? [`Instructions from the Vault:\n${facts.message}`] : []),
      [
        'How to send it back:',
        '1. Pack the item as it came to you, in its box or sheath, well padded.',
        `2. Write the return number, ${facts.returnNumber}, on the outside of the parcel.`,
        shipTo,
      ].join('\n'),
      'Your refund follows once we have received the item. We will email you when it is issued.',
      { label: 'Your orders', href: links.account },
    ]),
  };
}

export function returnDeclinedMail(facts: ReturnFacts, links: { account: string }): Mail {
  const order = orderNumber(facts.purchaseId);
  return {
    to: facts.to,
    subject: `Your return request was declined — ${facts.itemTitle}`,
    ...body([
      greeting(facts.name),
      `We are sorry: your request to return ${facts.itemTitle} (order ${order}) was declined.`,
      `Your reason:\n${facts.reason}`,
      ...(facts.message ? [`From the Vault:\n${facts.message}`] : []),
      `If you have a question or something to add, reply to this email and mention ${facts.returnNumber}.`,
      { label: 'Your orders', href: links.account },
    ]),
  };
}

export interface RefundFacts {
  to: string;
  name: string;
  purchaseId: string;
  itemTitle: string;
  /** This refund. */
  amount: string;
  /** Every completed refund of the purchase so far, this one included. */
  refundedTotal: string;
  /** What the card was charged (the capture); null only for a purchase from before captures were recorded. */
  charged: string | null;
  /** refund: a credit against a settled charge; void: the charge cancelled before it settled. */
  method: 'refund' | 'void';
  refundedAt: Date;
}

export function refundIssuedMail(facts: RefundFacts, links: { account: string }): Mail {
  const order = orderNumber(facts.purchaseId);
  const amount = formatMoney(facts.amount);
  const total = formatMoney(facts.refundedTotal);
  return {
    to: facts.to,
    subject: `Your refund of ${amount} — order ${order}`,
    ...body([
      greeting(facts.name),
      `We have refunded ${amount} for ${facts.itemTitle}.`,
      [
        `Order number: ${order}`,
        `Item: ${facts.itemTitle}`,
        `Refunded: ${amount}`,
        facts.charged
          ? `Refunded in total: ${total} of ${formatMoney(facts.charged)} charged`
          : `Refunded in total: ${total}`,
        `Date: ${formatWhen(facts.refundedAt)}`,
      ].join('\n'),
      // A void is not a credit that travels back: the charge was cancelled before it ever settled.
      facts.method === 'void'
        ? 'The charge was cancelled before it settled, so it will not appear on your statement. If your bank shows it as pending, it drops off within a few business days.'
        : 'The money goes back to the card you paid with. It usually reaches your account in 3–10 business days, depending on your bank.',
      { label: 'Your orders', href: links.account },
    ]),
  };
}
