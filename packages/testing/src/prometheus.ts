import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, type RunningProcess, startProcessCommand } from './processes';

export type MetricType = 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface MetricFamily {
  name: string;
  type: MetricType;
  help: string;
  samples: Sample[];
}

export interface Scrape {
  families: Map<string, MetricFamily>;
  /** The value of the one sample named `name` whose labels include `labels`; undefined when none. */
  value(name: string, labels?: Record<string, string>): number | undefined;
  /** The sum over every sample named `name` whose labels include `labels` (0 when none). */
  sum(name: string, labels?: Record<string, string>): number;
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const TYPES = new Set<MetricType>(['counter', 'gauge', 'histogram', 'summary', 'untyped']);
/** The series a family of each type may hold, as suffixes of its name. */
const SUFFIXES: Record<MetricType, string[]> = {
  counter: [''],
  gauge: [''],
  untyped: [''],
  histogram: ['_bucket', '_sum', '_count'],
  summary: ['', '_sum', '_count'],
};

/**
 * A strict parser of the Prometheus text exposition format (0.0.4), for tests that scrape
 * /metrics: every line must be a HELP, a TYPE, a comment or a sample of a family declared before
 * it; names, label syntax, escapes and values are checked; a histogram's buckets must carry `le`,
 * be cumulative and end in +Inf equal to its _count. Anything else throws, naming the line.
 */
export function parsePrometheusText(text: string): Scrape {
  const families = new Map<string, MetricFamily>();
  const helps = new Map<string, string>();
  const lines = text.split('\n');
  if (lines.at(-1) !== '') throw new Error('the exposition must end with a newline');
  for (const [index, line] of lines.entries()) {
    const fail = (why: string): never => {
      throw new Error(`line ${index + 1}: ${why}: ${JSON.stringify(line)}`);
    };
    if (line === '') continue;
    if (line.startsWith('#')) {
      const match = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(line);
      if (!match) continue; // a plain comment
      const [, keyword, name = '', rest = ''] = match;
      if (!NAME.test(name)) fail('bad metric name');
      if (keyword === 'HELP') {
        if (helps.has(name)) fail('second HELP');
        helps.set(name, unescapeText(rest, false, fail));
        continue;
      }
      if (!TYPES.has(rest as MetricType)) fail('unknown type');
      if (families.has(name)) fail('second TYPE');
      families.set(name, { name, type: rest as MetricType, help: helps.get(name) ?? '', samples: [] });
      continue;
    }
    const sample = parseSample(line, fail);
    const family = familyOf(families, sample.name);
    if (!family) return fail('a sample of no declared family');
    family.samples.push(sample);
  }
  for (const family of families.values()) {
    family.help = helps.get(family.name) ?? '';
    if (family.type === 'histogram') checkHistogram(family);
  }
  const matching = (name: string, labels: Record<string, string>) =>
    (familyOf(families, name)?.samples ?? []).filter(
      (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
    );
  return {
    families,
    value(name, labels = {}) {
      const found = matching(name, labels);
      if (found.length > 1) throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`);
      return found[0]?.value;
    },
    sum: (name, labels = {}) => matching(name, labels).reduce((total, s) => total + s.value, 0),
  };
}

function familyOf(families: Map<string, MetricFamily>, sampleName: string): MetricFamily | undefined {
  for (const family of families.values()) {
    if (SUFFIXES[family.type].some((suffix) => family.name + suffix === sampleName)) return family;
  }
  return undefined;
}

function parseSample(line: string, fail: (why: string) => never): Sample {
  const name = /^[a-zA-Z_:][a-zA-Z0-9_:]*/.exec(line)?.[0] ?? fail('no metric name');
  let at = name.length;
  const labels: Record<string, string> = {};
  if (line[at] === '{') {
    at++;
    while (line[at] !== '}') {
      const label = /^([a-zA-Z_][a-zA-Z0-9_]*)="/.exec(line.slice(at)) ?? fail('bad label');
      const labelName = label[1] ?? '';
      if (!LABEL_NAME.test(labelName) || labelName in labels) fail(`bad or repeated label ${labelName}`);
      at += label[0].length;
      let raw = '';
      for (; at < line.length && line[at] !== '"'; at++) {
        raw += line[at];
        if (line[at] === '\\') raw += line[++at] ?? '';
      }
      if (line[at] !== '"') fail('unterminated label value');
      labels[labelName] = unescapeText(raw, true, fail);
      at++;
      if (line[at] === ',') at++;
      else if (line[at] !== '}') fail('expected , or }');
    }
    at++;
  }
  const rest = line.slice(at);
  const fields = /^ (\S+)(?: (-?\d+))?$/.exec(rest) ?? fail('expected " value [timestamp]"');
  return { name, labels, value: parseValue(fields[1] ?? '', fail) };
}

/** Go's ParseFloat, which Prometheus uses: Inf and NaN in any case (prom-client writes `Nan`). */
function parseValue(text: string, fail: (why: string) => never): number {
  const word = text.toLowerCase();
  if (word === '+inf' || word === 'inf') return Number.POSITIVE_INFINITY;
  if (word === '-inf') return Number.NEGATIVE_INFINITY;
  if (word === 'nan') return Number.NaN;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) fail(`bad value ${text}`);
  return Number(text);
}

/** HELP texts escape \\ and \n; label values also \". */
function unescapeText(raw: string, quotes: boolean, fail: (why: string) => never): string {
  return raw.replace(/\\(.?)/g, (_, c: string) => {
    if (c === '\\') return '\\';
    if (c === 'n') return '\n';
    if (c === '"' && quotes) return '"';
    return fail(`bad escape \\${c}`);
  });
}

function checkHistogram(family: MetricFamily) {
  const series = new Map<string, { buckets: Array<[number, number]>; count?: number }>();
  const keyOf = (labels: Record<string, string>) =>
    JSON.stringify(
      Object.entries(labels)
        .filter(([k]) => k !== 'le')
        .sort(),
    );
  for (const sample of family.samples) {
    const entry = series.get(keyOf(sample.labels)) ?? { buckets: [] };
    series.set(keyOf(sample.labels), entry);
    if (sample.name.endsWith('_bucket')) {
      const le = sample.labels.le;
      if (le === undefined) throw new Error(`${family.name}: a bucket without le`);
      entry.buckets.push([parseValue(le, (why) => throwError(`${family.name}: ${why}`)), sample.value]);
    } else if (sample.name.endsWith('_count')) entry.count = sample.value;
  }
  for (const [key, { buckets, count }] of series) {
    const last = buckets.at(-1);
    if (!last || last[0] !== Number.POSITIVE_INFINITY) throw new Error(`${family.name}${key}: no +Inf bucket`);
    if (last[1] !== count) throw new Error(`${family.name}${key}: +Inf bucket ${last[1]} is not _count ${count}`);
    buckets.forEach(([le, value], i) => {
      const previous = buckets[i - 1];
      if (previous && (previous[0] >= le || previous[1] > value)) {
        throw new Error(`${family.name}${key}: buckets not increasing at le=${le}`);
      }
    });
  }
}

function throwError(message: string): never {
  throw new Error(message);
}

/** Debian's `prometheus` package (promtool and the server), when installed. */
export const PROMTOOL_PATH = '/usr/bin/promtool';
export const PROMETHEUS_PATH = '/usr/bin/prometheus';
const hasPrometheus = () => existsSync(PROMTOOL_PATH) && existsSync(PROMETHEUS_PATH);

export function requirePrometheus(): void {
  if (!hasPrometheus()) {
    throw new Error(
      `Debian's prometheus package is needed at ${PROMETHEUS_PATH}: apt-get install -y prometheus (.ci/run does)`,
    );
  }
}

/**
 * prom-client's own default gauges that carry a `_total` suffix (their names predate the rule and
 * are kept for compatibility): not ours to rename.
 */
const PROM_CLIENT_DEFAULTS = /^vault_\w+?_nodejs_active_(handles|requests|resources)_total non-counter metrics/;

/** `promtool check metrics`: the exposition's lint problems (names, units, help), one per line; [] when clean. */
export function promtoolCheckMetrics(text: string): string[] {
  requirePrometheus();
  const result = spawnSync(PROMTOOL_PATH, ['check', 'metrics'], { input: text, encoding: 'utf8', timeout: 10_000 });
  if (result.error) throw result.error;
  return `${result.stdout}${result.stderr}`
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !PROM_CLIENT_DEFAULTS.test(line));
}

/** `promtool check config` of a Prometheus configuration file; throws with its output when refused. */
export function promtoolCheckConfig(file: string): string {
  requirePrometheus();
  return execFileSync(PROMTOOL_PATH, ['check', 'config', file], { encoding: 'utf8', timeout: 10_000 });
}

export interface PrivatePrometheus {
  url: string;
  /** The result vector of an instant PromQL query. */
  query(promql: string): Promise<Array<{ metric: Record<string, string>; value: [number, string] }>>;
  stop(): Promise<void>;
}

/**
 * A real Prometheus server on a private loopback port with its data in a temporary directory,
 * scraping `targets` (host:port, by job name) every second.
 */
export async function startPrivatePrometheus(targets: Record<string, string[]>): Promise<PrivatePrometheus> {
  const dir = mkdtempSync(path.join(tmpdir(), 'vault-prometheus-'));
  const config = [
    'global:',
    '  scrape_interval: 1s',
    '  scrape_timeout: 1s',
    'scrape_configs:',
    ...Object.entries(targets).flatMap(([job, hosts]) => [
      `  - job_name: ${job}`,
      '    static_configs:',
      `      - targets: [${hosts.map((h) => `'${h}'`).join(', ')}]`,
    ]),
    '',
  ].join('\n');
  writeFileSync(path.join(dir, 'prometheus.yml'), config);
  const port = await freePort();
  const server: RunningProcess = startProcessCommand(
    PROMETHEUS_PATH,
    [
      `--config.file=${path.join(dir, 'prometheus.yml')}`,
      `--storage.tsdb.path=${path.join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
    ],
    {},
    dir,
  );
  const url = `http://127.0.0.1:${port}`;
  try {
    await server.waitFor('Server is ready to receive web requests', 30_000);
  } catch (error) {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    async query(promql) {
      const response = await fetch(`${url}/api/v1/query?query=${encodeURIComponent(promql)}`, {
        signal: AbortSignal.timeout(5000),
      });
      const body = (await response.json()) as {
        status: string;
        error?: string;
        data?: { resultType: string; result: Array<{ metric: Record<string, string>; value: [number, string] }> };
      };
      if (body.status !== 'success' || body.data?.resultType !== 'vector') {
        throw new Error(`query ${promql} failed: ${body.error ?? JSON.stringify(body)}`);
      }
      return body.data.result;
    },
    async stop() {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
