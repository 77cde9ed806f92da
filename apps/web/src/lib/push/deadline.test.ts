import { describe, expect, it } from 'vitest';
import { within } from './deadline';

describe('a browser call with a deadline', () => {
  it('gives the value when it comes in time', async () => {
    expect(await within(Promise.resolve(7), 1000)).toEqual({ done: true, value: 7 });
  });

  it('gives the error when it fails in time', async () => {
    const error = new Error('AbortError');
    expect(await within(Promise.reject(error), 1000)).toEqual({ done: false, error });
  });

  it('gives up at the deadline and hands a late value to be undone', async () => {
    let answer: (value: string) => void = () => undefined;
    const late: string[] = [];
    const settled = await within(
      new Promise<string>((resolve) => {
        answer = resolve;
      }),
      20,
      (value) => late.push(value),
    );
    expect(settled).toEqual({ done: false, timedOut: true });
    answer('subscription');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(late).toEqual(['subscription']);
  });
});
