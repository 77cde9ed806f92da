import { type Kysely, sql } from 'kysely';

// Verification and password-reset emails go through the mail outbox too, sent after the answer
// (a slow SMTP server must not make "this account exists" measurable). Their rows hold no link:
// the deliverer mints the link's token when it sends, and only its hash is stored (users).
const KINDS = ['receipt', 'reminder_soon', 'reminder_launch', 'verify_email', 'password_reset'];
const OLD_KINDS = KINDS.slice(0, 3);

const kindCheck = (kinds: string[]) =>
  `alter table mail_outbox add constraint mail_outbox_kind_check check (kind in (${kinds.map((k) => `'${k}'`).join(', ')}))`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw('alter table mail_outbox drop constraint mail_outbox_kind_check').execute(db);
  await sql.raw(kindCheck(KINDS)).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`delete from mail_outbox where kind in ('verify_email', 'password_reset')`).execute(db);
  await sql.raw('alter table mail_outbox drop constraint mail_outbox_kind_check').execute(db);
  await sql.raw(kindCheck(OLD_KINDS)).execute(db);
}
