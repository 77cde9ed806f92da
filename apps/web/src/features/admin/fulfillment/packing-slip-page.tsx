import { useEffect, useId } from 'react';
import { useParams } from 'react-router-dom';
import { ApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { useShipment } from './api';
import { PackingSlip } from './packing-slip';
import { useShowPrices } from './use-show-prices';

// On paper only the slip prints, black on white. The app's dark theme paints the body, which a
// printer set to print backgrounds would put in the page margins: the body turns white for print
// while the slip is open. (No <style> element: the CSP allows only the app's own stylesheet.)
const PRINT_WHITE = ['print:bg-white', 'print:text-black'];

function useWhiteBodyInPrint() {
  useEffect(() => {
    document.body.classList.add(...PRINT_WHITE);
    return () => document.body.classList.remove(...PRINT_WHITE);
  }, []);
}

function Toolbar({ showPrices, onShowPrices }: { showPrices: boolean; onShowPrices: (show: boolean) => void }) {
  const id = useId();
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 border-neutral-300 border-b bg-white px-4 py-3 print:hidden">
      <label htmlFor={id} className="flex min-h-11 cursor-pointer items-center gap-2 text-black text-sm">
        <input
          id={id}
          type="checkbox"
          className="size-4 accent-black"
          checked={showPrices}
          onChange={(e) => onShowPrices(e.target.checked)}
        />
        Show prices
      </label>
      <button
        type="button"
        onClick={() => window.print()}
        className="min-h-11 rounded-xl bg-black px-5 font-semibold text-sm text-white hover:bg-neutral-800 focus-visible:outline-2 focus-visible:outline-black focus-visible:outline-offset-2"
      >
        Print
      </button>
    </div>
  );
}

/** /admin/fulfillment/:shipmentId/slip: one package's packing slip, ready to print. */
export function PackingSlipPage() {
  const { shipmentId = '' } = useParams();
  const shipment = useShipment(shipmentId);
  const [showPrices, setShowPrices] = useShowPrices();
  useWhiteBodyInPrint();

  return (
    <div className="min-h-dvh bg-neutral-100 text-black print:bg-white">
      <Toolbar showPrices={showPrices} onShowPrices={setShowPrices} />
      <main className="mx-auto max-w-3xl py-4 sm:py-8 print:max-w-none print:py-0">
        {shipment.isPending ? (
          <p className="px-4 text-sm">Loading the package...</p>
        ) : shipment.isError ? (
          <p role="alert" className="px-4 text-sm">
            {shipment.error instanceof ApiError && (shipment.error.status === 404 || shipment.error.status === 400)
              ? 'Package not found.'
              : 'Could not load the package. Please refresh the page.'}
          </p>
        ) : (
          <div className="shadow-sm print:shadow-none">
            <PackingSlip
              shipment={shipment.data}
              showPrices={showPrices}
              printedOn={formatDate(new Date().toISOString())}
            />
          </div>
        )}
      </main>
    </div>
  );
}
