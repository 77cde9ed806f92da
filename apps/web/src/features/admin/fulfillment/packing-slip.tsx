import type { AdminShipment } from '@vault/contracts';
import { formatMoney } from '../../../lib/format';
import { itemFactsText, memberName, showTitle } from './shipment-text';

/** The name the slip is headed with: the shop's, as the browser tab names it. */
export const VAULT_NAME = 'The Vault';

/**
 * One package's packing slip, black on white for the printer: who it is for and where it goes, its
 * items with their order numbers, legal class and blade (what the packer checks against the box),
 * and the prices and total only when the operator chooses to print them.
 */
export function PackingSlip({
  shipment,
  showPrices,
  printedOn,
}: {
  shipment: AdminShipment;
  showPrices: boolean;
  /** The day shown on the slip (the day it is printed). */
  printedOn: string;
}) {
  return (
    <article aria-label="Packing slip" className="bg-white p-6 text-black sm:p-10 print:p-0">
      <header className="flex flex-wrap items-end justify-between gap-4 border-black border-b-2 pb-4">
        <div>
          <p className="font-display text-3xl">{VAULT_NAME}</p>
          <h1 className="font-semibold text-sm uppercase tracking-widest">Packing slip</h1>
        </div>
        <dl className="text-right text-sm">
          <div>
            <dt className="inline">Package </dt>
            <dd className="inline font-mono font-semibold">{shipment.id.slice(0, 8)}</dd>
          </div>
          <div>
            <dt className="inline">Date </dt>
            <dd className="inline">{printedOn}</dd>
          </div>
        </dl>
      </header>

      <div className="mt-6 grid grid-cols-1 gap-6 sm:grid-cols-2">
        <section>
          <h2 className="font-semibold text-xs uppercase tracking-widest">Member</h2>
          <p className="mt-1 break-words">{memberName(shipment.member)}</p>
          {shipment.member.fullName ? <p className="break-all text-sm">{shipment.member.email}</p> : null}
          <p className="mt-1 break-words text-sm">{showTitle(shipment)}</p>
        </section>
        <section>
          <h2 className="font-semibold text-xs uppercase tracking-widest">Ship to</h2>
          <p className="mt-1 whitespace-pre-line break-words">{shipment.shipTo}</p>
        </section>
      </div>

      {shipment.adultSignature ? (
        <p className="mt-6 border-2 border-black px-3 py-2 font-bold">Adult signature required</p>
      ) : null}

      <table className="mt-6 w-full border-collapse text-sm">
        <thead>
          <tr className="border-black border-b text-left">
            <th scope="col" className="w-px whitespace-nowrap py-2 pr-4 font-semibold">
              Order
            </th>
            <th scope="col" className="py-2 pr-3 font-semibold">
              Item
            </th>
            {showPrices ? (
              <th scope="col" className="py-2 text-right font-semibold">
                Price
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {shipment.items.map((item) => (
            <tr key={item.purchaseId} className="border-neutral-400 border-b align-top">
              <td className="whitespace-nowrap py-2 pr-4 font-mono">{item.orderNumber}</td>
              <td className="py-2 pr-3">
                <p className="break-words font-semibold">{item.title}</p>
                <p className="break-words">{itemFactsText(item)}</p>
              </td>
              {showPrices ? <td className="py-2 text-right tabular-nums">{formatMoney(item.amount)}</td> : null}
            </tr>
          ))}
        </tbody>
        {showPrices ? (
          <tfoot>
            <tr>
              <th scope="row" colSpan={2} className="py-2 pr-3 text-right font-semibold">
                Total
              </th>
              <td className="py-2 text-right font-semibold tabular-nums">{formatMoney(shipment.total)}</td>
            </tr>
          </tfoot>
        ) : null}
      </table>
      <p className="mt-6 text-sm">
        {shipment.items.length === 1 ? '1 item' : `${shipment.items.length} items`} in this package.
      </p>
    </article>
  );
}
