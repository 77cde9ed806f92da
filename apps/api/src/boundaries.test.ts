import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Only repositories/ reach the database: routes call services, services call repositories.
 * A query written anywhere else (or Kysely imported to write one) fails here, so the layering
 * is checked by a tool rather than remembered.
 */
const SRC = path.dirname(fileURLToPath(import.meta.url));

const QUERY_CALLS: ReadonlyArray<[RegExp, string]> = [
  [/\.selectFrom\(/, '.selectFrom('],
  [/\.insertInto\(/, '.insertInto('],
  [/\.updateTable\(/, '.updateTable('],
  [/\.deleteFrom\(/, '.deleteFrom('],
  [/\.transaction\(\)/, '.transaction()'],
  [/\bsql\s*(<[^>]*>)?\s*`/, 'sql`'],
];

/** The one file allowed a Kysely import: the type of ServiceDeps.db. */
const TYPE_IMPORT_ALLOWED = 'services/deps.ts';
const KYSELY_IMPORT =
  /\b(?:import|export)\s+(type\s+)?([^;]*?)\s*from\s*['"]kysely['"]|\b(?:import|require)\(\s*['"]kysely['"]/g;

/** What is wrong with one file's text, one line per problem. */
function boundaryProblems(file: string, text: string): string[] {
  const problems = QUERY_CALLS.filter(([pattern]) => pattern.test(text)).map(
    ([, call]) => `${file}: calls ${call} (queries belong in repositories/)`,
  );
  for (const match of text.matchAll(KYSELY_IMPORT)) {
    const typeOnly = match[1] !== undefined;
    const names = (match[2] ?? '').replace(/[{}\s]/g, '').split(',');
    const onlyDbTypes = names.every((name) => name === 'Kysely' || name === 'Transaction');
    if (!(file === TYPE_IMPORT_ALLOWED && typeOnly && onlyDbTypes)) {
      problems.push(`${file}: imports kysely (only repositories/ may)`);
    }
  }
  return problems;
}

function sourceFiles(): string[] {
  return readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.startsWith('repositories/'));
}

describe('API layering', () => {
  it('keeps every query in repositories/: no query builder or Kysely import anywhere else in src', () => {
    const files = sourceFiles();
    expect(files).toContain('routes/auth/index.ts');
    const problems = files.flatMap((file) => boundaryProblems(file, readFileSync(path.join(SRC, file), 'utf8')));
    expect(problems).toEqual([]);
  });

  it('notices a query or a Kysely import outside repositories/', () => {
    expect(boundaryProblems('routes/x.ts', "await app.db.selectFrom('users').execute();")).toHaveLength(1);
    expect(boundaryProblems('services/x.ts', 'await db.transaction().execute(fn);')).toHaveLength(1);
    expect(boundaryProblems('services/x.ts', 'await sql<number>`select 1`.execute(db);')).toHaveLength(1);
    expect(boundaryProblems('services/x.ts', "import { sql } from 'kysely';")).toHaveLength(1);
    expect(boundaryProblems('services/x.ts', "import type { Kysely } from 'kysely';")).toHaveLength(1);
    expect(boundaryProblems('services/deps.ts', "import { type Kysely, sql } from 'kysely';")).toHaveLength(1);
    expect(boundaryProblems('services/deps.ts', "import type { Kysely } from 'kysely';")).toEqual([]);
    expect(boundaryProblems('services/x.ts', 'await withTransaction(deps.db, (trx) => work(trx));')).toEqual([]);
  });
});
