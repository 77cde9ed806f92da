/** A value built on first use and kept: for costly objects a module may never need (Intl formatters). */
export function once<T>(build: () => T): () => T {
  let value: T | undefined;
  return () => {
    value ??= build();
    return value;
  };
}
