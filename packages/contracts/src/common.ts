import { z } from 'zod';

/** Every 4xx/5xx body the API sends. */
export const ErrorBody = z.object({ message: z.string() });
export type ErrorBody = z.infer<typeof ErrorBody>;

/** Money travels as a string with two decimals ("1.00"), never as a float. */
export const Money = z.string().regex(/^\d{1,8}\.\d{2}$/, 'Price must have two decimals');
export type Money = z.infer<typeof Money>;

export const Uuid = z.uuid();
