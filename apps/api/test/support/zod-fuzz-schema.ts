import type { z } from 'zod';

// Reading the zod 4 schemas the routes declare: what is under optional/default wrappers and pipes,
// which string format a field has, and the length or value bounds of its checks.

export type Schema = z.ZodType;
interface Def {
  type: string;
  innerType?: Schema;
  in?: Schema;
  out?: Schema;
  options?: Schema[];
  shape?: Record<string, Schema>;
  element?: Schema;
  entries?: Record<string, string | number>;
  values?: unknown[];
  format?: string;
  coerce?: boolean;
  checks?: Array<{ _zod: { def: { check: string; minimum?: number; maximum?: number; value?: number } } }>;
}
export const defOf = (schema: Schema) => (schema as unknown as { _zod: { def: Def } })._zod.def;

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional']);

/** The schema under optional/default/nullable wrappers and on the input side of pipes. */
export function unwrap(schema: Schema): Schema {
  let current = schema;
  for (;;) {
    const def = defOf(current);
    if (WRAPPERS.has(def.type) && def.innerType) current = def.innerType;
    else if (def.type === 'pipe' && def.in && defOf(def.in).type !== 'transform') current = def.in;
    else return current;
  }
}

/** A string format anywhere along a pipe (`z.string().min(1).pipe(z.uuid())` is a uuid). */
export function formatOf(schema: Schema): string | undefined {
  let current: Schema | undefined = schema;
  while (current) {
    const def = defOf(current);
    if (def.format) return def.format;
    if (WRAPPERS.has(def.type)) current = def.innerType;
    else if (def.type === 'pipe') current = def.out && defOf(def.out).format ? def.out : def.in;
    else return undefined;
  }
  return undefined;
}

/** Length or value bounds from the checks of the (unwrapped) schema. */
export function boundsOf(schema: Schema): { min?: number; max?: number; int: boolean } {
  const def = defOf(unwrap(schema));
  let min: number | undefined;
  let max: number | undefined;
  let int = false;
  for (const check of def.checks ?? []) {
    const c = check._zod.def as { check: string; minimum?: number; maximum?: number; value?: number; format?: string };
    if (c.check === 'min_length' || c.check === 'length_equals') min = Math.max(min ?? 0, c.minimum ?? 0);
    if (c.check === 'max_length' || c.check === 'length_equals') max = Math.min(max ?? Infinity, c.maximum ?? Infinity);
    if (c.check === 'greater_than') min = c.value;
    if (c.check === 'less_than') max = c.value;
    if (c.check === 'number_format' && c.format?.includes('int')) int = true;
  }
  return { min, max, int };
}
