import { describe, expect, it } from 'vitest';
import { parsePrometheusText } from './prometheus';

const histogram = (inf: string, count: string) =>
  [
    '# HELP t_seconds Time.',
    '# TYPE t_seconds histogram',
    't_seconds_bucket{route="/a",le="0.1"} 1',
    `t_seconds_bucket{route="/a",le="+Inf"} ${inf}`,
    't_seconds_sum{route="/a"} 0.3',
    `t_seconds_count{route="/a"} ${count}`,
    '',
  ].join('\n');

describe('the strict Prometheus text parser the metrics tests use', () => {
  it('reads families, labels with escapes, special values and histograms', () => {
    const scrape = parsePrometheusText(
      [
        '# a comment',
        '# HELP c_total Presses, by "outcome".\\nSecond line.',
        '# TYPE c_total counter',
        'c_total{outcome="won",path="a\\"b\\\\c\\nd"} 3',
        'c_total{outcome="sold",} 4 1700000000000',
        '# TYPE g gauge',
        'g Nan',
        histogram('2', '2'),
      ].join('\n'),
    );
    expect(scrape.families.get('c_total')).toMatchObject({
      type: 'counter',
      help: 'Presses, by "outcome".\nSecond line.',
    });
    expect(scrape.value('c_total', { outcome: 'won' })).toBe(3);
    expect(scrape.families.get('c_total')?.samples[0]?.labels.path).toBe('a"b\\c\nd');
    expect(scrape.sum('c_total')).toBe(7);
    expect(scrape.value('g')).toBeNaN();
    expect(scrape.value('t_seconds_count', { route: '/a' })).toBe(2);
    expect(() => scrape.value('c_total')).toThrow(/2 samples/);
  });

  it.each([
    ['a sample of no declared family', 'x 1\n'],
    ['a missing final newline', '# TYPE x gauge\nx 1'],
    ['a bad value', '# TYPE x gauge\nx one\n'],
    ['an unterminated label', '# TYPE x gauge\nx{a="1} 1\n'],
    ['a repeated label', '# TYPE x gauge\nx{a="1",a="2"} 1\n'],
    ['an unknown escape', '# TYPE x gauge\nx{a="\\t"} 1\n'],
    ['a second TYPE', '# TYPE x gauge\n# TYPE x gauge\n'],
    ['an unknown type', '# TYPE x meter\n'],
    ['a counter series with a histogram suffix', '# TYPE x counter\nx_bucket 1\n'],
    ['a +Inf bucket that is not the count', histogram('2', '3')],
    ['buckets that decrease', histogram('0', '0')],
  ])('refuses %s', (_, text) => {
    expect(() => parsePrometheusText(text)).toThrow();
  });
});
