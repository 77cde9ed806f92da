import { z } from 'zod';

/** Money travels as a string with two decimals ("1.00"), never as a float. */
export const Money = z.string().regex(/^\d{1,8}\.\d{2}$/, 'Price must have two decimals');
export type Money = z.infer<typeof Money>;

/** "1 minute", "3 hours": a count with its unit, for messages. */
export const countOf = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
