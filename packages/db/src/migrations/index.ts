import type { Migration, MigrationProvider } from 'kysely';
import * as initialSchema from './0001-initial-schema';
import * as payments from './0002-payments';
import * as sales from './0003-sales';
import * as memberFeatures from './0004-member-features';
import * as adminFeatures from './0005-admin-features';
import * as auditGuard from './0006-audit-guard';
import * as pressBudget from './0007-press-budget';
import * as accountMail from './0008-account-mail';
import * as eligibility from './0009-eligibility';
import * as fulfillment from './0010-fulfillment';
import * as fairDrops from './0011-fair-drops';
import * as push from './0012-push';

// A static list instead of FileMigrationProvider: works the same under tsx, vitest and bundlers.
// Names sort in apply order; never rename or edit one that has shipped — add the next (the one
// exception, dropping the simulator's tables from 0002, explains itself there).
const migrations: Record<string, Migration> = {
  '0001-initial-schema': initialSchema,
  '0002-payments': payments,
  '0003-sales': sales,
  '0004-member-features': memberFeatures,
  '0005-admin-features': adminFeatures,
  '0006-audit-guard': auditGuard,
  '0007-press-budget': pressBudget,
  '0008-account-mail': accountMail,
  '0009-eligibility': eligibility,
  '0010-fulfillment': fulfillment,
  '0011-fair-drops': fairDrops,
  '0012-push': push,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
