import { AUDIT_TARGETS } from '@vault/contracts';

// How the Audit Log reads an action name ("show.start") to a person ("Started show").

/** The actions this build knows by name. */
const LABELS: Record<string, string> = {
  'show.create': 'Created show',
  'show.update': 'Edited show',
  'show.reorder': 'Reordered lineup',
  'show.schedule': 'Scheduled show',
  'show.start': 'Started show',
  'show.pause': 'Paused show',
  'show.reset': 'Reset show',
  'show.add_item': 'Added item to show',
  'purchase.capture': 'Captured payment',
  'purchase.void': 'Voided purchase',
  'purchase.relist': 'Relisted item',
  'purchase.refund': 'Refunded payment',
  'shipment.ship': 'Shipped package',
  'shipment.deliver': 'Marked package delivered',
  'shipment.split': 'Split package',
  'shipment.merge': 'Merged packages',
  'return.approve': 'Approved return',
  'return.decline': 'Declined return',
  'return.receive': 'Received return',
  'image.upload': 'Uploaded image',
  'payment_simulator.inject_fault': 'Injected payment fault',
  'payment_simulator.clear_faults': 'Cleared payment faults',
  'payment_simulator.settle': 'Settled the payment batch',
};

const TARGET_NAMES: Record<string, string> = {
  show: 'Show',
  show_item: 'Item',
  purchase: 'Purchase',
  shipment: 'Package',
  return: 'Return',
  test_product: 'Test product',
  image: 'Image',
  payment_simulator: 'Payment simulator',
};

const words = (name: string) => name.split('_').filter(Boolean);

/** "create" → "created", "copy" → "copied": the admin verbs are regular, but for reset and set. */
function pastTense(verb: string): string {
  if (verb === 'reset' || verb === 'set') return verb;
  if (verb.endsWith('e')) return `${verb}d`;
  if (/[^aeiou]y$/.test(verb)) return `${verb.slice(0, -1)}ied`;
  return `${verb}ed`;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * A readable action: known ones by name; any other (a newer server's) from its parts, so it still
 * reads well: "test_product.archive" → "Archived test product", "show.add_note" → "Added note".
 */
export function actionLabel(action: string): string {
  const known = LABELS[action];
  if (known) return known;
  const [target = '', verb = ''] = action.split('.');
  if (!verb) return capitalise(words(target).join(' '));
  const [first = '', ...rest] = words(verb);
  const object = rest.length > 0 ? rest : words(target);
  return capitalise([pastTense(first), ...object].join(' '));
}

/** A target kind in words ("payment_simulator" → "Payment simulator"). */
export function targetName(targetType: string): string {
  return TARGET_NAMES[targetType] ?? capitalise(words(targetType).join(' '));
}

/** The filter's choices: every kind of target, as an action prefix ("show." matches every show action). */
export const ACTION_FILTERS: ReadonlyArray<{ value: string; label: string }> = [
  { value: '', label: 'All actions' },
  ...AUDIT_TARGETS.map((target) => ({ value: `${target}.`, label: `${targetName(target)} actions` })),
];
