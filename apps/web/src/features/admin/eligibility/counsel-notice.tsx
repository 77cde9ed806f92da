/**
 * Said first on the screen, where the rules are edited: the rule set is the operator's, and the
 * vault only applies it; nothing here is legal advice.
 */
export function CounselNotice() {
  return (
    <section
      aria-labelledby="counsel-title"
      className="rounded-2xl border border-amber-500/40 bg-amber-950/40 px-4 py-4 text-amber-50 sm:px-5"
    >
      <h2 id="counsel-title" className="font-semibold text-amber-100">
        These rules are yours, kept with your counsel
      </h2>
      <p className="mt-1.5 text-sm text-amber-100/90">
        The vault does not know the law. It applies the rules below exactly as written: who may buy which legal class,
        delivered where, from which date. Laws differ by state and city and change over time; review every rule with
        counsel and keep its source.
      </p>
      <p className="mt-1.5 text-sm text-amber-100/90">
        Rules marked <strong className="font-semibold text-amber-100">“Example — review with counsel”</strong> were
        added to show how rules work. They are not advice: review each with counsel before relying on it, or retire it.
      </p>
    </section>
  );
}

/** The mark on a seeded example rule. */
export function ExampleBadge() {
  return (
    <span className="inline-flex items-center rounded-full border border-amber-400/60 bg-amber-500/15 px-2 py-0.5 font-semibold text-amber-200 text-xs">
      Example — review with counsel
    </span>
  );
}
