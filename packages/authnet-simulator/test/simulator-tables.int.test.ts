import { backends, openTestDatabase, type TestDatabase } from '@vault/testing';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createSimulator,
  generateSimulatorCredentials,
  migrateSimulator,
  simulatorDb,
  withFreshIds,
} from '../src/index';
import { SIM_TABLES } from './support/gateway';

// The simulator's tables are its own: created by its migrations (not packages/db's), adopted
// from installs that made them the old way, and keyed by random ids.

type Json = Record<string, unknown>;

describe.each(backends)('the simulator owns its tables, on %s', (backend) => {
  const opened: TestDatabase[] = [];
  afterAll(async () => {
    await Promise.all(opened.map((d) => d.dispose()));
  });
  const fresh = async (migrate = true) => {
    const database = await openTestDatabase(backend, { migrate });
    opened.push(database);
    return database;
  };
  const simTables = async (database: TestDatabase) =>
    (await database.db.introspection.getTables())
      .filter((table) => table.schema === database.schema && table.name.startsWith('authnet_sim_'))
      .map((table) => table.name)
      .sort();

  it('are absent from a schema migrated by packages/db alone, and created by its own migration', async () => {
    const database = await fresh();
    expect(await simTables(database)).toEqual([]);
    expect(await migrateSimulator(database)).toEqual([
      '0001-simulator-tables',
      '0002-simulator-faults',
      '0003-transaction-cards',
      '0004-settlement',
    ]);
    expect(await simTables(database)).toEqual(
      [...SIM_TABLES, 'authnet_sim_migrations', 'authnet_sim_migrations_lock'].sort(),
    );
    expect(await migrateSimulator(database)).toEqual([]);
  });

  it('are adopted from an install that made them with the old packages/db migrations', async () => {
    const database = await fresh();
    // The tables as 0002-payments and 0003-sales used to create them: ids from identity columns.
    for (const statement of [
      `create table authnet_sim_tokens (data_value varchar(200) primary key, card_type varchar(40) not null,
        last4 char(4) not null, expiration varchar(7) not null, behavior varchar(40) not null,
        expires_at timestamptz not null, used_at timestamptz)`,
      `create table authnet_sim_customers (id bigint generated always as identity (start with 500000001) primary key,
        merchant_customer_id varchar(20), email varchar(255), description varchar(255),
        created_at timestamptz not null default now())`,
      'create unique index authnet_sim_customers_mcid_key on authnet_sim_customers (merchant_customer_id)',
      `create table authnet_sim_payment_profiles (id bigint generated always as identity (start with 900000001) primary key,
        customer_id bigint not null references authnet_sim_customers (id) on delete cascade,
        card_type varchar(40) not null, last4 char(4) not null, expiration varchar(7) not null,
        behavior varchar(40) not null, bill_to jsonb not null default '{}', is_default boolean not null default false,
        created_at timestamptz not null default now())`,
      `create table authnet_sim_transactions (id bigint generated always as identity (start with 60000000001) primary key,
        type varchar(40) not null, amount numeric(10, 2), status varchar(20) not null, response_code char(1) not null,
        customer_id bigint, payment_profile_id bigint, ref_trans_id bigint, created_at timestamptz not null default now())`,
      "insert into authnet_sim_customers (merchant_customer_id, email) values ('old-member', 'old@example.com')",
    ]) {
      await sql.raw(statement).execute(database.db);
    }
    expect(await migrateSimulator(database)).toEqual([
      '0001-simulator-tables',
      '0002-simulator-faults',
      '0003-transaction-cards',
      '0004-settlement',
    ]);
    const db = simulatorDb(database);
    expect(await db.selectFrom('authnetSimCustomers').select(['id', 'merchantCustomerId']).execute()).toEqual([
      { id: 500000001, merchantCustomerId: 'old-member' },
    ]);

    // The adopted tables take the simulator's random ids (and the invoice number 0003 added).
    const credentials = generateSimulatorCredentials();
    const simulator = createSimulator(database, credentials);
    const send = async (body: Json) => {
      const reply = await simulator.handle(body);
      if (!('body' in reply)) throw new Error('the simulator hung');
      return reply.body;
    };
    const tokenReply = await send({
      securePaymentContainerRequest: {
        merchantAuthentication: { name: credentials.apiLoginId, clientKey: credentials.clientKey },
        data: { type: 'TOKEN', id: 'x', token: { cardNumber: '4111111111111111', expirationDate: '122030' } },
      },
    });
    const created = await send({
      createCustomerProfileRequest: {
        merchantAuthentication: { name: credentials.apiLoginId, transactionKey: credentials.transactionKey },
        profile: {
          merchantCustomerId: 'new-member',
          paymentProfiles: { payment: { opaqueData: tokenReply.opaqueData } },
        },
      },
    });
    expect(created.customerProfileId).toMatch(/^[1-9]\d{8,9}$/);
    expect(created.customerProfileId).not.toBe('500000002');
    const charged = await send({
      createTransactionRequest: {
        merchantAuthentication: { name: credentials.apiLoginId, transactionKey: credentials.transactionKey },
        transactionRequest: {
          transactionType: 'authOnlyTransaction',
          amount: '5.00',
          profile: {
            customerProfileId: created.customerProfileId,
            paymentProfile: { paymentProfileId: (created.customerPaymentProfileIdList as string[])[0] },
          },
          order: { invoiceNumber: 'INV-1' },
        },
      },
    });
    expect((charged.transactionResponse as { transId: string }).transId).toMatch(/^[1-9]\d{10}$/);
  });

  it('draws a new id when a random one is taken, and only then', async () => {
    const database = await fresh();
    await migrateSimulator(database);
    const db = simulatorDb(database);
    await db.insertInto('authnetSimCustomers').values({ id: 123456789, merchantCustomerId: 'taken' }).execute();
    const tried: number[] = [];
    const candidates = [123456789, 987654321];
    const row = await withFreshIds(() => {
      const id = candidates[tried.length] ?? 0;
      tried.push(id);
      return db
        .insertInto('authnetSimCustomers')
        .values({ id, merchantCustomerId: 'next' })
        .returning('id')
        .executeTakeFirstOrThrow();
    });
    expect(row.id).toBe(987654321);
    expect(tried).toEqual([123456789, 987654321]);
    // Another unique index (a duplicate merchant customer id) is a real conflict, not a collision.
    let attempts = 0;
    await expect(
      withFreshIds(() => {
        attempts++;
        return db
          .insertInto('authnetSimCustomers')
          .values({ id: 111111111 + attempts, merchantCustomerId: 'taken' })
          .execute();
      }),
    ).rejects.toThrow(/duplicate|unique/i);
    expect(attempts).toBe(1);
  });

  it('gives two installs unrelated ids (no fixed starting numbers)', async () => {
    const firstIds: string[] = [];
    for (let install = 0; install < 2; install++) {
      const database = await fresh();
      await migrateSimulator(database);
      const credentials = generateSimulatorCredentials();
      const simulator = createSimulator(database, credentials);
      const tokenReply = await simulator.handle({
        securePaymentContainerRequest: {
          merchantAuthentication: { name: credentials.apiLoginId, clientKey: credentials.clientKey },
          data: { type: 'TOKEN', id: 'x', token: { cardNumber: '4111111111111111', expirationDate: '122030' } },
        },
      });
      if (!('body' in tokenReply)) throw new Error('the simulator hung');
      const created = await simulator.handle({
        createCustomerProfileRequest: {
          merchantAuthentication: { name: credentials.apiLoginId, transactionKey: credentials.transactionKey },
          profile: {
            merchantCustomerId: 'first',
            paymentProfiles: { payment: { opaqueData: tokenReply.body.opaqueData } },
          },
        },
      });
      if (!('body' in created)) throw new Error('the simulator hung');
      firstIds.push(String(created.body.customerProfileId));
    }
    expect(firstIds[0]).not.toBe(firstIds[1]);
    expect(firstIds).not.toContain('500000001');
  });
});
