// `pnpm docs:config`: writes docs/configuration.md, every environment variable the API and the
// worker read, from their zod env schemas (the schema's default, what it accepts, its description).
// tests/unit/config-doc.test.ts fails when the committed file is stale, so the page cannot drift
// from what the apps parse.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ApiEnvObject } from '../apps/api/src/env';
import { WorkerEnvObject } from '../apps/worker/src/env';

export const CONFIG_DOC = fileURLToPath(new URL('../docs/configuration.md', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The run mode a description names in its first words ("Scaled mode: …"), else the app's own. */
const MODE_PREFIX = /^(Embedded|Scaled) mode: /;

interface Field {
  name: string;
  defaultValue: unknown;
  required: boolean;
  accepts: string;
  mode: string;
  description: string;
}

/**
 * The parts of a zod schema the doc reads (its description, a wrapper's inner schema, an enum's
 * values, a number's bounds, a pattern's message), typed here so the root needs no zod of its own.
 */
interface Check {
  check: string;
  value?: number;
  format?: string;
  error?: (issue: object) => unknown;
}
interface Def {
  type: string;
  innerType?: Schema;
  in?: Schema;
  defaultValue?: unknown;
  entries?: Record<string, string>;
  format?: string;
  checks?: { _zod: { def: Check } }[];
}
interface Schema {
  description?: string;
  _zod: { def: Def };
}

const checksOf = (def: Def) => (def.checks ?? []).map((c) => c._zod.def);

/** What a value must look like: the innermost schema's enum values, bounds, format or pattern. */
function accepts(schema: Schema): string {
  const def = schema._zod.def;
  const inner = def.innerType ?? def.in;
  if (inner) return accepts(inner);
  const checks = checksOf(def);
  if (def.type === 'enum') {
    const values = Object.values(def.entries ?? {});
    // envBoolean takes yes/no and 1/0 too; the doc names the two a reader should write.
    if (values.includes('true') && values.includes('false')) return '`true` / `false`';
    return values.map((v) => `\`${v}\``).join(' / ');
  }
  if (def.type === 'number') {
    const min = checks.find((c) => c.check === 'greater_than')?.value;
    const max = checks.find((c) => c.check === 'less_than')?.value;
    return `integer${min === undefined ? '' : max === undefined ? ` ≥ ${min}` : ` ${min}–${max}`}`;
  }
  if (def.format === 'url') return 'URL';
  if (def.format === 'email') return 'email';
  // A pattern's own message says what it wants: "must be a postgres:// URL" → "postgres:// URL".
  const pattern = checks.find((c) => c.format === 'regex')?.error?.({});
  if (typeof pattern === 'string') return pattern.replace(/^must be an? /, '');
  return 'text';
}

function field(name: string, schema: Schema, appMode: string): Field {
  let defaultValue: unknown;
  let required = true;
  for (let s: Schema | undefined = schema; s; s = s._zod.def.innerType) {
    const def = s._zod.def;
    if (def.type === 'optional') required = false;
    if (def.type === 'default') {
      required = false;
      defaultValue = def.defaultValue;
    }
  }
  const text = schema.description ?? '';
  const mode = text.match(MODE_PREFIX)?.[1]?.toLowerCase() ?? appMode;
  // "Scaled mode: the role …" reads "The role …" once the mode has its own column.
  const description = text.replace(MODE_PREFIX, '').replace(/^[a-z]/, (c) => (c === text[0] ? c : c.toUpperCase()));
  return { name, defaultValue, required, accepts: accepts(schema), mode, description };
}

/** A default as a reader would type it: a path inside the repository is written relative to its root. */
function formatDefault(f: Field): string {
  if (f.defaultValue === undefined) return f.required ? 'required' : '—';
  const value = String(f.defaultValue);
  const inRepo = path.isAbsolute(value) && value.startsWith(REPO_ROOT);
  return `\`${inRepo ? path.relative(REPO_ROOT, value) : value}\``;
}

/** Names, paths and values in a description read as code: an ALL_CAPS name, a /path, a pnpm command. */
function codeSpans(text: string): string {
  return text
    .replace(/\|/g, '\\|')
    .replace(/\b(pnpm [a-z:-]+)\b/g, '`$1`')
    .replace(/(?<![`\w/])([A-Z][A-Z0-9]*_[A-Z0-9_]+(?:=[\w.]*\w)?|NODE_ENV=\w+)(?![\w`])/g, '`$1`');
}

function table(fields: Field[]): string {
  return [
    '| Variable | Default | Mode | Accepts | Meaning |',
    '| --- | --- | --- | --- | --- |',
    ...fields.map(
      (f) => `| \`${f.name}\` | ${formatDefault(f)} | ${f.mode} | ${f.accepts} | ${codeSpans(f.description) || '—'} |`,
    ),
  ].join('\n');
}

function fields(object: { shape: object }, appMode: string): Field[] {
  return Object.entries(object.shape).map(([name, schema]) => field(name, schema as Schema, appMode));
}

/**
 * Variables that no app's env schema parses: the test harness's and the dev launcher's. Written
 * here by hand because nothing else would list them; keep them few.
 */
const OUTSIDE_THE_SCHEMAS = `## Tests and \`pnpm dev\`

Not parsed by an app's schema, so written by hand in \`scripts/config-doc.ts\`.

| Variable | Default | Read by | Meaning |
| --- | --- | --- | --- |
| \`DATABASE_URL\` | \`postgres://postgres@127.0.0.1:5432/test\` | the integration tests | Server for the integration tests. Each suite creates its own schema or database and drops it afterwards |
| \`REDIS_URL\` | \`redis://127.0.0.1:6379\` | the integration tests | Redis for the integration tests. Each suite uses its own key prefix |
| \`CHROMIUM_PATH\` | \`/usr/bin/chromium\` | the browser tests | Browser for the browser tests |
| \`WEB_PORT\` | \`5173\` | \`pnpm dev\` | Vite's port. Vite proxies \`/api\`, \`/sandbox\` and \`/socket.io\` to \`PORT\`, so \`PORT=3100 WEB_PORT=5200 pnpm dev\` moves both |

The benchmarks' own knobs (\`BUYERS\`, \`REPLICAS\`, \`PAGES\`, \`BENCHES\`, …) are in [benchmarks.md](benchmarks.md)'s
commands and in each \`bench/*.ts\` header.`;

/** docs/configuration.md as it should read now. */
export function configDoc(): string {
  return [
    '# Configuration',
    '',
    "<!-- Generated by `pnpm docs:config` (scripts/config-doc.ts) from the apps' zod env schemas. Do not edit by hand. -->",
    '',
    'Each app parses its environment once, at start, with zod (`apps/api/src/env.ts`, `apps/worker/src/env.ts`;',
    'the email settings both share are in `packages/server/src/env.ts`). A bad value stops the process with one',
    'message that lists every problem. An empty variable counts as unset.',
    '',
    '**Mode** says where a variable matters: *both* run modes, *embedded* (one process, no `DATABASE_URL` /',
    '`REDIS_URL`) or *scaled* (`DATABASE_URL` and `REDIS_URL` set; API replicas and workers). What production',
    'requires is gathered in [security.md](security.md#what-an-operator-must-set-in-production).',
    '',
    '## API (`apps/api`)',
    '',
    table(fields(ApiEnvObject, 'both')),
    '',
    '## Worker (`apps/worker`, scaled mode only)',
    '',
    table(fields(WorkerEnvObject, 'scaled')),
    '',
    OUTSIDE_THE_SCHEMAS,
    '',
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(CONFIG_DOC, configDoc());
  console.log(`${path.relative(process.cwd(), CONFIG_DOC)} written`);
}
