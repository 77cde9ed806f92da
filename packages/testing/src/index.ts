export { type EmbeddedApp, startEmbeddedApp } from './app-process';
export { CHROMIUM_ARGS, CHROMIUM_PATH, launchChromium } from './browser';
export { type Cluster, type ClusterOptions, startCluster } from './cluster';
export {
  type ComposeFile,
  type ComposeService,
  composeHealthProbe,
  editDotenv,
  readComposeFile,
  readDotenv,
  writeEnvAsHeaderSays,
} from './compose-file';
export { parseCsv } from './csv';
export { type Backend, backends, createScratchDatabase, openTestDatabase, type TestDatabase } from './databases';
export { type DockerImage, type DockerStage, dockerImage, readDockerfile } from './dockerfile';
export { type EventuallyOptions, eventually, msUntil } from './eventually';
export {
  type CardToTokenize,
  type GatewayJson,
  type GatewayReply,
  type OpaqueData,
  postGateway,
  SIM_TABLES,
  simulatorState,
  tokenizeCard,
} from './gateway';
export {
  HAPROXY_PATH,
  type Haproxy,
  localHaproxyConfig,
  requireHaproxy,
  SHIPPED_HAPROXY_CONFIG,
  startHaproxy,
} from './haproxy';
export { killNow } from './kill';
export { type AfterSaleLedgerCheck, checkAfterSaleLedger, checkLedger, type LedgerCheck } from './ledger';
export { type LinkProfileName, linkProfiles } from './link-profiles';
export { type LinkProxy, type Outage, startLinkProxy } from './link-proxy';
export { type SeededMember, type SimulatedCard, seedOnboardedMembers } from './members';
export { type PrivatePostgres, type PrivateRedis, startPrivatePostgres, startPrivateRedis } from './private-services';
export {
  freePort,
  lastLinkIn,
  type RunningProcess,
  repoRoot,
  START_TIMEOUT_MS,
  startProcess,
  startProcessCommand,
} from './processes';
export {
  type MetricFamily,
  type PrivatePrometheus,
  parsePrometheusText,
  promtoolCheckConfig,
  promtoolCheckMetrics,
  requirePrometheus,
  type Scrape,
  startPrivatePrometheus,
} from './prometheus';
export { subscribePushDevices } from './push';
export { insertPurchaseWithReceipt, type PurchaseWithReceipt } from './receipts';
export { openTestRedis, type TestRedis } from './redis';
export { TEST_DATABASE_URL, TEST_REDIS_URL, uniqueId } from './services';
export {
  apiWriter,
  type BuiltShow,
  buildShow,
  DEFAULT_KNIFE_FACTS,
  databaseWriter,
  insertShow,
  insertShowRows,
  type KnifeToAdd,
  knives,
  type ShowToBuild,
  type ShowWriter,
} from './shows';
export { simulatorEnv } from './simulator';
export { type ParsedMail, type SmtpCapture, startSmtpCapture } from './smtp';
export {
  DEFAULT_ADMIN,
  type Stack,
  type StackOptions,
  type StackServices,
  startStack,
  waitUntilServed,
} from './stack';
export { vapidEnv } from './vapid';
