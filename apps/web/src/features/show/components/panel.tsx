/** The card every state of /show sits in. */
export function Panel({ children }: { children: React.ReactNode }) {
  return (
    <section className="rounded-3xl border border-vault-700 bg-vault-900 p-6 text-center sm:p-10">{children}</section>
  );
}
