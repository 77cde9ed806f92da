import type { EligibilityBasis, ReminderKind } from '@vault/contracts';
import type { MailMessage } from './mailer';

// The emails' words. Text first (every client shows it); the HTML part is the same content with
// its links clickable, escaped, no images or styles to load.

const money = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** "$1,234.00", as the web app shows prices (apps/web/src/lib/format.ts). */
export function formatMoney(amount: string): string {
  const value = Number(amount);
  return money.format(Number.isFinite(value) ? value : 0);
}

/**
 * "Mar 4, 2026, 6:00 PM UTC". The server does not know the member's time zone, so the time says
 * which one it is in; the countdown on the show page is in their own.
 */
export function formatWhen(at: Date): string {
  const text = at.toLocaleString('en-US', {
    timeZone: 'UTC',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
  return `${text} UTC`;
}

/** The order number members see in their Orders tab: the first 8 characters of the id. */
export const orderNumber = (purchaseId: string) => purchaseId.slice(0, 8);

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** Paragraphs of text, and the same as simple HTML with links clickable. */
export function body(paragraphs: Array<string | { label: string; href: string }>): Pick<MailMessage, 'text' | 'html'> {
  const text = paragraphs.map((p) => (typeof p === 'string' ? p : `${p.label}:\n${p.href}`)).join('\n\n');
  const html = paragraphs
    .map((p) =>
      typeof p === 'string'
        ? `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`
        : `<p><a href="${escapeHtml(p.href)}">${escapeHtml(p.label)}</a></p>`,
    )
    .join('\n');
  return { text: `${text}\n`, html: `<!doctype html>\n<html><body>\n${html}\n</body></html>\n` };
}

export interface ReceiptFacts {
  to: string;
  name: string;
  purchaseId: string;
  itemTitle: string;
  amount: string;
  shippingAddress: string;
  purchasedAt: Date;
  /** The eligibility rules (by id and version) that allowed the sale; null for a sale before rules. */
  eligibility: EligibilityBasis | null;
}

/** "Sold under the vault's minimum age 18 and eligibility rules 1a2b3c4d v2, …, checked on 2026-11-27." */
function eligibilityLine(basis: EligibilityBasis): string {
  const rules = basis.rules.map((rule) => `${rule.id.slice(0, 8)} v${rule.version}`);
  const under = rules.length > 0 ? ` and eligibility rule${rules.length === 1 ? '' : 's'} ${rules.join(', ')}` : '';
  return `Sold under the vault's minimum age ${basis.minimumAge}${under}, checked on ${basis.decidedOn}.`;
}

export function receiptMail(facts: ReceiptFacts, links: { account: string }): Omit<MailMessage, 'messageId'> {
  const order = orderNumber(facts.purchaseId);
  return {
    to: facts.to,
    subject: `Your Vault receipt — order ${order}`,
    ...body([
      facts.name ? `Thank you, ${facts.name}.` : 'Thank you for your purchase.',
      [
        `Order number: ${order}`,
        `Item: ${facts.itemTitle}`,
        `Price: ${formatMoney(facts.amount)}`,
        `Date: ${formatWhen(facts.purchasedAt)}`,
      ].join('\n'),
      `Shipping to:\n${facts.shippingAddress}`,
      ...(facts.eligibility ? [eligibilityLine(facts.eligibility)] : []),
      'Your card was authorised for this amount; we will let you know when the order ships.',
      { label: 'Your orders', href: links.account },
    ]),
  };
}

export interface ReminderFacts {
  to: string;
  showTitle: string;
  launchAt: Date;
  /** When the email is sent: how many minutes are left is counted from it. */
  now: Date;
}

export function reminderMail(
  kind: ReminderKind,
  facts: ReminderFacts,
  links: { show: string; unsubscribe: string; oneClickUnsubscribe: string },
): Omit<MailMessage, 'messageId'> {
  const minutes = Math.max(1, Math.round((facts.launchAt.getTime() - facts.now.getTime()) / 60_000));
  const subject =
    kind === 'soon'
      ? `${facts.showTitle} starts in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`
      : `${facts.showTitle} is live now`;
  const lead =
    kind === 'soon'
      ? `${facts.showTitle} goes live at ${formatWhen(facts.launchAt)}. Be there when the first knife drops.`
      : `${facts.showTitle} is live. Every knife is on screen for a short time only.`;
  return {
    to: facts.to,
    subject,
    // RFC 8058: a mail client may offer its own "Unsubscribe" button, which POSTs to this URL.
    headers: {
      'List-Unsubscribe': `<${links.oneClickUnsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    ...body([
      lead,
      { label: kind === 'soon' ? 'Open the show' : 'Watch now', href: links.show },
      'You asked to be reminded about this show.',
      { label: 'Stop reminders for this show', href: links.unsubscribe },
    ]),
  };
}

// The account emails may go to an address nobody has verified (whoever registered typed it), so
// they carry nothing anyone typed — no name — and no link but ours: the vault's own mail must not
// be a way to send a stranger someone else's words.

export function verifyEmailMail(to: string, verifyLink: string): Omit<MailMessage, 'messageId'> {
  return {
    to,
    subject: 'Verify your email for the Vault',
    ...body([
      'Welcome to the Vault.',
      { label: 'Verify your email address', href: verifyLink },
      'The link works once, for 48 hours. If you did not create an account, ignore this email.',
    ]),
  };
}

export function passwordResetMail(to: string, resetLink: string): Omit<MailMessage, 'messageId'> {
  return {
    to,
    subject: 'Reset your Vault password',
    ...body([
      'Someone asked to reset the password of your Vault account.',
      { label: 'Reset your password', href: resetLink },
      'The link works once, for 1 hour. If you did not ask for it, ignore this email.',
    ]),
  };
}
