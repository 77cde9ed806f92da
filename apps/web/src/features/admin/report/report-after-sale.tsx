import type { ReportAfterSale as AfterSale } from '@vault/contracts';
import { afterSaleView } from './after-sale';

/**
 * The business after the sale: the packages carrying the show's knives, how promptly they shipped,
 * the returns asked for and the money captured and given back. Two figures to a row on a phone.
 */
export function ReportAfterSale({ afterSale }: { afterSale: AfterSale }) {
  const view = afterSaleView(afterSale);
  return (
    <section aria-labelledby="after-sale-title" className="rounded-3xl border border-vault-700 bg-vault-900 p-4 sm:p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="after-sale-title" className="font-display text-white text-xl">
          After the sale
        </h2>
        <p className="text-sm text-steel-400 tabular-nums">{view.summary}</p>
      </div>
      {view.nothingShipped ? <p className="mt-3 text-sm text-steel-400">{view.nothingShipped}</p> : null}
      {view.cells.length > 0 ? (
        <dl aria-label="After the sale" className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
          {view.cells.map((cell) => (
            <div key={cell.label} className="min-w-0 rounded-2xl border border-vault-700 px-4 py-3">
              <dt className="text-steel-400 text-xs uppercase tracking-widest">{cell.label}</dt>
              <dd className="mt-1 break-words font-display text-2xl text-white tabular-nums">{cell.value}</dd>
              {cell.detail.length > 0 ? (
                <dd className="mt-0.5 text-steel-400 text-xs">
                  {cell.detail.map((part, i) => (
                    <span key={part}>
                      {i > 0 ? ' · ' : ''}
                      <span className="inline-block">{part}</span>
                    </span>
                  ))}
                </dd>
              ) : null}
            </div>
          ))}
        </dl>
      ) : null}
    </section>
  );
}
