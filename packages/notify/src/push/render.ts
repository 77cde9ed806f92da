import { PUSH_BODY_MAX, PUSH_TITLE_MAX, type PushKind, PushPayload } from '@vault/contracts';
import { PushData } from './data';

/** A title that fits the notification (and the payload's limit) whatever the item is called. */
const fit = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`);

/** The words, link and tag of each kind, from its facts alone: no name, address, price or amount. */
const renderers: { [K in PushKind]: (data: PushData[K]) => Omit<PushPayload, 'kind'> } = {
  show_starting: (data) => ({
    title: data.phase === 'soon' ? `Starting soon: ${data.showTitle}` : `Live now: ${data.showTitle}`,
    body:
      data.phase === 'soon'
        ? 'The show you asked about is about to start.'
        : 'The show you asked about has started. Tap to watch.',
    url: '/show',
    // One tag for both phases: the launch's notification replaces the 'soon' one on the device.
    tag: `show_starting:${data.showId}`,
  }),
  hearted_next: (data) => ({
    title: data.position === 'next' ? `Up next: ${data.itemTitle}` : `On screen now: ${data.itemTitle}`,
    body:
      data.position === 'next'
        ? 'A knife you hearted is next. Tap to watch.'
        : 'A knife you hearted is on screen. Tap to watch.',
    url: '/show',
    tag: `hearted_next:${data.showItemId}`,
  }),
  won: (data) => ({
    title: `You won ${data.itemTitle}`,
    body: "It's yours. Your card was charged; see your order.",
    url: '/account?tab=orders',
    tag: `won:${data.purchaseId}`,
  }),
  shipped: (data) => ({
    title: 'Your order shipped',
    body:
      data.items > 1
        ? `${data.itemTitle} and ${data.items - 1} more ${data.items === 2 ? 'item is' : 'items are'} on the way.`
        : `${data.itemTitle} is on the way.`,
    url: '/account?tab=orders',
    tag: `shipped:${data.shipmentId}`,
  }),
  draw_drawn: (data) => ({
    title: `Drawn: ${data.itemTitle}`,
    body: 'The draw you entered is drawn. See the order and check it yourself.',
    url: `/draws/${data.showItemId}`,
    tag: `draw_drawn:${data.drawId}`,
  }),
};

/**
 * A push_outbox row's facts as what the service worker shows, or null when the facts are not
 * what its kind holds (the row is dropped: no retry would change them). The texts are made here,
 * at delivery, so the fan-outs spell no words.
 */
export function renderPush(kind: PushKind, payload: unknown): PushPayload | null {
  const facts = PushData[kind].safeParse(payload);
  if (!facts.success) return null;
  const render = renderers[kind] as (data: unknown) => Omit<PushPayload, 'kind'>;
  const rendered = render(facts.data);
  const message = PushPayload.safeParse({
    kind,
    ...rendered,
    title: fit(rendered.title, PUSH_TITLE_MAX),
    body: fit(rendered.body, PUSH_BODY_MAX),
  });
  return message.success ? message.data : null;
}
