/** A Radix tab trigger in the admin area's style (the dashboard's and the eligibility screen's tabs). */
export const adminTabClass =
  'min-h-10 rounded-lg px-3 font-semibold text-sm text-steel-400 transition-colors hover:text-steel-200 data-[state=active]:bg-vault-700 data-[state=active]:text-white';
