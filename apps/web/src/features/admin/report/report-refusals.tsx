import type { ShowReport } from '@vault/contracts';
import { eligibilityRefusals } from './report-data';

const pressCount = (n: number) => `${n} ${n === 1 ? 'press' : 'presses'}`;
const memberCount = (n: number) => `${n} ${n === 1 ? 'member' : 'members'}`;

/**
 * Presses the eligibility rules refused, per item and rule: who wanted a knife the rules kept from
 * them (demand the operator could not serve), with the total.
 */
export function ReportRefusals({ report }: { report: ShowReport }) {
  const refusals = eligibilityRefusals(report);
  return (
    <section aria-labelledby="refusals-title" className="rounded-3xl border border-vault-700 bg-vault-900 p-4 sm:p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="refusals-title" className="font-display text-white text-xl">
          Refused by eligibility rules
        </h2>
        <p className="text-sm text-steel-400 tabular-nums">
          {refusals.presses === 0 ? 'None' : `${pressCount(refusals.presses)} in total`}
        </p>
      </div>
      {refusals.items.length === 0 ? (
        <p className="mt-3 text-sm text-steel-400">No Buy press in this show was refused by an eligibility rule.</p>
      ) : (
        <ul aria-label="Refusals per item" className="mt-3 space-y-3">
          {refusals.items.map((item) => (
            <li key={item.id} className="rounded-2xl border border-vault-700 p-3">
              <div className="flex items-baseline justify-between gap-3">
                <p className="min-w-0 break-words font-semibold text-sm text-white">
                  <span className="text-steel-400">{item.label}</span> {item.title}
                </p>
                <p className="shrink-0 text-sm text-steel-300 tabular-nums">{pressCount(item.presses)}</p>
              </div>
              <table className="mt-2 w-full text-left text-sm">
                <caption className="sr-only">Refusals of {item.title} per rule</caption>
                <thead className="text-steel-400 text-xs uppercase tracking-widest">
                  <tr>
                    <th scope="col" className="py-1 pr-3 font-medium">
                      Rule
                    </th>
                    <th scope="col" className="py-1 pr-3 text-right font-medium">
                      Members
                    </th>
                    <th scope="col" className="py-1 text-right font-medium">
                      Presses
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {item.rules.map((rule) => (
                    <tr key={rule.rule} className="border-vault-800 border-t">
                      <td className="break-words py-1.5 pr-3 text-steel-200">{rule.label}</td>
                      <td
                        className="py-1.5 pr-3 text-right text-steel-200 tabular-nums"
                        title={memberCount(rule.members)}
                      >
                        {rule.members}
                      </td>
                      <td className="py-1.5 text-right text-steel-200 tabular-nums">{rule.presses}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
