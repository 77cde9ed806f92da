import { backends, openTestDatabase } from '@vault/testing';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from './migrate';
import { rowTypeColumns, snake, useSchemaDatabase } from './schema-test-support';

// What the migrations build: the tables and columns the row types in schema.ts declare, nothing of
// the payment simulator, and the same result however often and however concurrently they run.
// The rules the tables enforce on their rows are in schema-constraints.int.test.ts.

describe.each(backends)('database schema on %s', (backend) => {
  const database = useSchemaDatabase(backend);
  const db = () => database().db;

  it('has exactly the columns the row types declare', async () => {
    const tables = await db().introspection.getTables();
    for (const [table, columns] of Object.entries(rowTypeColumns)) {
      const live = tables.find((t) => t.name === snake(table) && t.schema === database().schema);
      expect(live, `table ${snake(table)}`).toBeDefined();
      expect(live?.columns.map((c) => c.name).sort()).toEqual(Object.keys(columns).map(snake).sort());
    }
  });

  it('has no table of the payment simulator: a production schema never carries authnet_sim_*', async () => {
    const tables = await db().introspection.getTables();
    const simulatorTables = tables.filter((t) => t.schema === database().schema && t.name.startsWith('authnet_sim'));
    expect(simulatorTables.map((t) => t.name)).toEqual([]);
  });

  it('migrating again is a no-op', async () => {
    expect(await migrateToLatest(database())).toEqual([]);
  });
});

describe('migrations on postgres', () => {
  it('can be run by several processes at once', async () => {
    const database = await openTestDatabase('postgres', { migrate: false });
    try {
      const runs = await Promise.all([migrateToLatest(database), migrateToLatest(database), migrateToLatest(database)]);
      expect(runs.flat()).toEqual([
        '0001-initial-schema',
        '0002-payments',
        '0003-sales',
        '0004-member-features',
        '0005-admin-features',
        '0006-audit-guard',
        '0007-press-budget',
        '0008-account-mail',
        '0009-eligibility',
        '0010-fulfillment',
        '0011-fair-drops',
        '0012-push',
      ]);
    } finally {
      await database.dispose();
    }
  });
});
