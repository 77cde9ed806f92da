// The API's own house rules, checked with the workspace's import rules (scripts/check-boundaries.mjs):
//   - core/ (errors, config types, deps, the db handle, counters, the metrics registry) imports nothing of the API
//     above it: no platform/, no domain, no root file;
//   - platform/ (HTTP plumbing) imports core/ and itself, never a domain or a root file;
//   - a domain (every other folder of src/) imports core/, platform/, its own files, and another domain only
//     through that domain's entry file (<domain>/index.ts), so what a domain offers the others is one file;
//   - the root files (app.ts, main.ts, runtime.ts, …) wire everything and may import anything;
//   - queries live in repository files (repository.ts, *.repository.ts) and core/db.ts alone: a query builder
//     call or a Kysely import anywhere else is refused (a type-only Kysely import for core/deps.ts's db type is
//     allowed there).
// Test files are exempt: a test may reach into any file it tests.
import path from 'node:path';

export const API_SRC = 'apps/api/src';

const QUERY_CALLS = [
  [/\.selectFrom\(/, '.selectFrom('],
  [/\.insertInto\(/, '.insertInto('],
  [/\.updateTable\(/, '.updateTable('],
  [/\.deleteFrom\(/, '.deleteFrom('],
  [/\.transaction\(\)/, '.transaction()'],
  [/\bsql\s*(<[^>]*>)?\s*`/, 'sql`'],
];
const KYSELY_IMPORT =
  /\b(?:import|export)\s+(type\s+)?([^;]*?)\s*from\s*['"]kysely['"]|\b(?:import|require)\(\s*['"]kysely['"]/g;
const TYPE_IMPORT_ALLOWED = 'core/deps.ts';

const isTest = (file) => /\.test\.tsx?$/.test(file);
const isQueryFile = (file) => file === 'core/db.ts' || /(^|\/)([\w-]+\.)?repository\.ts$/.test(file);

/** 'core', 'platform', 'root' or the domain's folder name, for a path relative to src/. */
export function layerOf(file) {
  const parts = file.split('/');
  return parts.length === 1 ? 'root' : parts[0];
}

/** What is wrong with one import of an API source file (both paths relative to src/), or null. */
export function importProblem(from, to) {
  if (isTest(from)) return null;
  const fromLayer = layerOf(from);
  const toLayer = layerOf(to);
  if (fromLayer === toLayer || fromLayer === 'root') return null;
  if (toLayer === 'root') return 'only the root files (app.ts, main.ts, …) are imported by no one';
  if (fromLayer === 'core') return 'core/ imports no platform or domain code';
  if (toLayer === 'core') return null;
  if (fromLayer === 'platform') return 'platform/ imports core/ alone, never a domain';
  if (toLayer === 'platform') return null;
  if (to !== `${toLayer}/index.ts`) return `a domain reaches another only through its entry file (${toLayer}/index.ts)`;
  return null;
}

/** Queries outside repository files, as messages (file relative to src/). */
export function queryProblems(file, text) {
  if (isTest(file) || isQueryFile(file)) return [];
  const problems = QUERY_CALLS.filter(([pattern]) => pattern.test(text)).map(
    ([, call]) => `calls ${call} (queries belong in repository files)`,
  );
  for (const match of text.matchAll(KYSELY_IMPORT)) {
    const typeOnly = match[1] !== undefined;
    const names = (match[2] ?? '').replace(/[{}\s]/g, '').split(',');
    const onlyDbTypes = names.every((name) => name === 'Kysely' || name === 'Transaction');
    if (!(file === TYPE_IMPORT_ALLOWED && typeOnly && onlyDbTypes)) {
      problems.push('imports kysely (only repository files may)');
    }
  }
  return problems;
}

/** The path of a workspace file relative to the API's src/, or null outside it. */
export function apiSourcePath(root, file) {
  const relative = path.relative(path.join(root, API_SRC), file);
  return relative.startsWith('..') || path.isAbsolute(relative) ? null : relative.split(path.sep).join('/');
}
