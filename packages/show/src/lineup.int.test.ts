import { backends, insertShow, openTestDatabase, type TestDatabase } from '@vault/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inLineupOrder, lineupPosition } from './lineup';

describe.each(backends)('the lineup order on %s', (backend) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(backend);
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it("gives each item its position in its show's lineup, and -1 for an item that is not there", async () => {
    const showId = await insertShow(database.db, { title: 'Lineup test', items: 3 });
    const items = await database.db
      .selectFrom('showItems')
      .select('id')
      .where('showId', '=', showId)
      .$call(inLineupOrder)
      .execute();
    expect(await Promise.all(items.map((item) => lineupPosition(database.db, item.id)))).toEqual([0, 1, 2]);
    expect(await lineupPosition(database.db, '00000000-0000-4000-8000-000000000000')).toBe(-1);
  });
});
