import type { ReactNode } from 'react';

/** "#2 Raven Tanto": the axis shows only the position, the tooltip names the item too. */
export function itemTooltipLabel(label: ReactNode, payload: readonly { payload?: unknown }[]): ReactNode {
  const title = (payload[0]?.payload as { title?: unknown } | undefined)?.title;
  return typeof title === 'string' ? `${String(label)} ${title}` : label;
}
