import type { TestDatabase } from '@vault/testing';
import { sql } from 'kysely';

// What the route fuzz checks once it is done: nothing it stored may break a column limit
// (address 60, city 40, …) or a limit of the contracts, nor hold control characters.

/** Rows the fuzz left behind that break a column limit or a limit of the contracts. */
export async function storedBeyondLimits(db: TestDatabase['db']): Promise<string[]> {
  // C0 controls other than tab and newlines, and DEL; single-line fields allow none at all.
  const control = `'[\\x01-\\x08\\x0b\\x0c\\x0e-\\x1f\\x7f]'`;
  const lineControl = `'[\\x01-\\x1f\\x7f]'`;
  const longer = (column: string, max: number) => `char_length(${column}) > ${max}`;
  const checks: Array<[string, string]> = [
    [
      'users',
      [
        longer('email', 254),
        'email <> lower(btrim(email))',
        longer('first_name', 100),
        longer('last_name', 100),
        longer('full_name', 200),
        longer('address', 60),
        longer('city', 40),
        longer('state', 40),
        longer('zip', 20),
        longer('country', 60),
        longer('phone_number', 25),
        ...[
          'email',
          'first_name',
          'last_name',
          'full_name',
          'address',
          'city',
          'state',
          'zip',
          'country',
          'phone_number',
        ].map((c) => `${c} ~ ${lineControl}`),
      ].join(' or '),
    ],
    [
      'shows',
      [longer('title', 200), longer('description', 2000), `title ~ ${lineControl}`, `description ~ ${control}`].join(
        ' or ',
      ),
    ],
    [
      'show_items',
      [
        longer('title', 200),
        longer('description', 5000),
        ...['category', 'blade_type', 'steel_type'].map((c) => longer(c, 100)),
        ...['blade', 'handles_spec', 'hardware_spec', 'clip_spec', 'breaker_spec'].map((c) => longer(c, 2000)),
        longer('main_video_url', 2048),
        'cardinality(image_urls) > 20',
        'exists (select 1 from unnest(image_urls) u where char_length(u) > 2048)',
        'price <= 0',
        `title ~ ${lineControl}`,
        `description ~ ${control}`,
      ].join(' or '),
    ],
    ['purchases', 'amount <= 0'],
    // Never more given back than was captured, however the refunds were asked for.
    [
      'refunds',
      `status in ('pending', 'done') and (select coalesce(sum(f.amount), 0) from refunds f
        where f.purchase_id = t.purchase_id and f.status in ('pending', 'done'))
        > (select coalesce(p.captured_amount, 0) from purchases p where p.id = t.purchase_id)`,
    ],
  ];
  const found: string[] = [];
  for (const [table, where] of checks) {
    const rows = await sql<{
      row: unknown;
    }>`select row_to_json(t)::text as row from ${sql.table(table)} t where ${sql.raw(where)}`.execute(db);
    for (const r of rows.rows) found.push(`${table}: ${String(r.row).slice(0, 300)}`);
  }
  return found;
}
