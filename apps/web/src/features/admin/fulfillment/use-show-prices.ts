import { useState } from 'react';
import { readShowPrices, SHOW_PRICES_KEY, storedShowPrices } from './slip-prices';

// Storage can be unavailable (a locked-down browser): the choice then lasts only for this page.
function load(): boolean {
  try {
    return readShowPrices(window.localStorage.getItem(SHOW_PRICES_KEY));
  } catch {
    return true;
  }
}

function save(show: boolean) {
  try {
    window.localStorage.setItem(SHOW_PRICES_KEY, storedShowPrices(show));
  } catch {
    // Not remembered; still applied to this slip.
  }
}

/** The Show prices checkbox's state, read from and written to this browser's storage. */
export function useShowPrices() {
  const [show, setShow] = useState(load);
  const change = (next: boolean) => {
    setShow(next);
    save(next);
  };
  return [show, change] as const;
}
