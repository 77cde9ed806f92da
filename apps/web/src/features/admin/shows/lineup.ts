/**
 * The lineup with the item at `index` moved one place up (-1) or down (+1). Moving past either
 * end changes nothing, so a double click on the top item's "up" is harmless.
 */
export function moveItem<T>(items: readonly T[], index: number, delta: -1 | 1): T[] {
  const target = index + delta;
  const moving = items[index];
  if (moving === undefined || target < 0 || target >= items.length) return [...items];
  const next = items.filter((_, i) => i !== index);
  next.splice(target, 0, moving);
  return next;
}
