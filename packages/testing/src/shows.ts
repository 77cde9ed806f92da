import type { LegalClass } from '@vault/contracts';
import type { Database, ShowsTable } from '@vault/db';
import type { Insertable, Kysely } from 'kysely';

/** One knife of a lineup, with what an admin types into the item form. */
export interface KnifeToAdd {
  title: string;
  price: string;
  category?: string;
  description?: string;
  imageUrls?: string[];
  /** What eligibility judges; buildShow gives a knife none of them a manual folder's. */
  legalClass?: LegalClass;
  /** Inches, as the item form sends it ("3.50"). */
  bladeLength?: string;
}

/**
 * A knife every member may buy under no rules: a 3.5 in manual folder. The item form requires a
 * class and a blade length, and an unclassified item is never sold.
 */
export const DEFAULT_KNIFE_FACTS = { legalClass: 'manual_folder', bladeLength: '3.50' } as const;

export interface ShowToBuild {
  title: string;
  /** Each timing left out gets the default of where the show is written (the API's, or the column's). */
  perKnifeSeconds?: number;
  intermissionSeconds?: number;
  prerollSeconds?: number;
  soldHoldSeconds?: number;
  /** The lineup in order; a number n is `knives(n)`. */
  items: number | readonly KnifeToAdd[];
}

/** Where a show is written: straight to the database, or through the admin API of a running app. */
export interface ShowWriter {
  show(values: Omit<ShowToBuild, 'items'>): Promise<string>;
  /** Adds the knives in lineup order; their ids in the same order. */
  items(showId: string, knives: readonly KnifeToAdd[]): Promise<string[]>;
}

export interface BuiltShow {
  showId: string;
  /** The knives' ids, in lineup order. */
  itemIds: string[];
}

/** Knives titled "Knife <first>", "Knife <first + 1>", … at one price ($10.00 and from 0 unless told). */
export function knives(count: number, options: { first?: number; price?: string } = {}): KnifeToAdd[] {
  const { first = 0, price = '10.00' } = options;
  return Array.from({ length: count }, (_, i) => ({ title: `Knife ${first + i}`, price }));
}

/** The one show builder of the tests and benchmarks: a show and its lineup, through `writer`. */
export async function buildShow(writer: ShowWriter, show: ShowToBuild): Promise<BuiltShow> {
  const { items, ...values } = show;
  const showId = await writer.show(values);
  const lineup = (typeof items === 'number' ? knives(items) : items).map((knife) => ({
    ...DEFAULT_KNIFE_FACTS,
    ...knife,
  }));
  const itemIds = lineup.length > 0 ? await writer.items(showId, lineup) : [];
  return { showId, itemIds };
}

/**
 * Writes rows directly: for clock, chaos and in-process tests that set up a scene faster than an
 * admin could. `row` sets what the admin API cannot (a scheduled status, a launch time).
 */
export function databaseWriter(db: Kysely<Database>, row: Omit<Insertable<ShowsTable>, 'title'> = {}): ShowWriter {
  return {
    async show(values) {
      const { id } = await db
        .insertInto('shows')
        .values({ ...row, ...values })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },
    async items(showId, lineup) {
      const rows = await db
        .insertInto('showItems')
        .values(lineup.map((knife, orderIndex) => ({ ...knife, showId, orderIndex })))
        .returning(['id', 'orderIndex'])
        .execute();
      return rows.sort((a, b) => a.orderIndex - b.orderIndex).map((row) => row.id);
    },
  };
}

/**
 * Goes through POST /api/shows and POST /api/show-items as the admin does; `post` is the caller's
 * own client (a page, a proxy, a benchmark), which checks the answer and returns its body.
 */
export function apiWriter(post: (path: string, body: object) => Promise<{ id: string }>): ShowWriter {
  return {
    async show(values) {
      return (await post('/api/shows', values)).id;
    },
    async items(showId, lineup) {
      const ids: string[] = [];
      // One at a time: the API appends each to the end of the lineup.
      for (const knife of lineup) ids.push((await post('/api/show-items', { showId, ...knife })).id);
      return ids;
    },
  };
}

/** A show written straight to the database, for clock and chaos tests that time its phases; its id. */
export async function insertShow(db: Kysely<Database>, show: ShowToBuild): Promise<string> {
  return (await buildShow(databaseWriter(db), show)).showId;
}

/** A show written straight to the database, with its rows as written: the show, its items in lineup order. */
export async function insertShowRows(
  db: Kysely<Database>,
  show: ShowToBuild,
  row: Omit<Insertable<ShowsTable>, 'title'> = {},
) {
  const { showId } = await buildShow(databaseWriter(db, row), show);
  return {
    show: await db.selectFrom('shows').selectAll().where('id', '=', showId).executeTakeFirstOrThrow(),
    items: await db.selectFrom('showItems').selectAll().where('showId', '=', showId).orderBy('orderIndex').execute(),
  };
}
