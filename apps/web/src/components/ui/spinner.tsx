export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div role="status" className="flex min-h-dvh items-center justify-center">
      <span
        className="size-8 animate-spin rounded-full border-2 border-vault-600 border-t-brass-500"
        aria-hidden="true"
      />
      <span className="sr-only">{label}</span>
    </div>
  );
}
