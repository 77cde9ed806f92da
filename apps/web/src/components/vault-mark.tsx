/** The vault-door mark used in headers and the favicon. */
export function VaultMark({ className = 'size-10' }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden="true">
      <title>Vault</title>
      <rect width="64" height="64" rx="14" className="fill-vault-800" />
      <circle cx="32" cy="32" r="20" fill="none" className="stroke-brass-500" strokeWidth="4" />
      <circle cx="32" cy="32" r="6" className="fill-brass-500" />
      <path d="M32 12v8M32 44v8M12 32h8M44 32h8" className="stroke-brass-500" strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
}
