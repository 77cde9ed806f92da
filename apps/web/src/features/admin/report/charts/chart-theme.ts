import type { CSSProperties } from 'react';

// The charts' colours and text, in the vault palette (styles.css @theme), for a dark card.

export const chartColors = {
  brass: '#d4a24c',
  steel: '#a4a7b0',
  grid: '#2a2a32',
  muted: '#3a3a44',
  line: '#e2b766',
} as const;

/** Axis ticks: small enough for a 375 px card, light enough to read on vault-900. */
export const tickStyle = { fill: chartColors.steel, fontSize: 11 } as const;

export const tooltipStyle: CSSProperties = {
  background: '#141418',
  border: '1px solid #3a3a44',
  borderRadius: 12,
  color: '#d9dbe0',
  fontSize: 12,
};

export const tooltipLabelStyle: CSSProperties = { color: '#ffffff', fontWeight: 600 };

/** Room on the left for the value axis; the right keeps the last tick label inside the card. */
export const chartMargin = { top: 8, right: 12, bottom: 0, left: 0 } as const;
