// TypeScript literals for the generated file: one line where they fit in 120 columns, else one
// entry a line (Biome formats the file afterwards).

const pad = (n: number) => ' '.repeat(n);
const key = (k: string) => (/^[A-Za-z_$][\w$]*$/.test(k) ? k : quote(k));
const quote = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

function inline(value: unknown): string {
  if (typeof value === 'string') return quote(value);
  if (Array.isArray(value)) return `[${value.map(inline).join(', ')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    return entries.length ? `{ ${entries.map(([k, v]) => `${key(k)}: ${inline(v)}`).join(', ')} }` : '{}';
  }
  return String(value);
}

/** `prefix` is what precedes the value on its line (indentation and key), for the width check. */
export function literal(value: unknown, indent = 0, prefix = indent): string {
  const flat = inline(value);
  if (prefix + flat.length + 1 <= 120 || typeof value !== 'object' || value === null) return flat;
  const lines = Array.isArray(value)
    ? value.map((v) => `${pad(indent + 2)}${literal(v, indent + 2)},`)
    : Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => `${pad(indent + 2)}${key(k)}: ${literal(v, indent + 2, indent + 4 + key(k).length)},`);
  const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  return `${open}\n${lines.join('\n')}\n${pad(indent)}${close}`;
}
