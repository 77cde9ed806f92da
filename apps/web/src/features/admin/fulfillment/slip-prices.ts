// Whether the packing slip prints prices: the operator's choice (a gift, a reseller), remembered in
// this browser for the next slip.

export const SHOW_PRICES_KEY = 'vault.packing-slip.show-prices';

/** Prices show unless the operator turned them off here before. */
export const readShowPrices = (stored: string | null): boolean => stored !== 'false';

export const storedShowPrices = (show: boolean): string => (show ? 'true' : 'false');
