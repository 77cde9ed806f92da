export { type EmbeddedApp, startEmbeddedApp } from './app-process';
export { CHROMIUM_PATH, launchChromium } from './browser';
export { type Backend, backends, createScratchDatabase, openTestDatabase, type TestDatabase } from './databases';
export {
  type Direction as LinkDirection,
  type LinkProfile,
  type LinkProfileName,
  type LinkShape,
  linkProfiles,
  type OutageSchedule,
} from './link-profiles';
export { type LinkProxy, type LinkProxyOptions, type LinkStats, type Outage, startLinkProxy } from './link-proxy';
export { type SeededMember, type SimulatedCard, seedOnboardedMembers } from './members';
export { freePort, type RunningProcess, repoRoot, startProcess } from './processes';
export { openTestRedis, type TestRedis } from './redis';
export { TEST_DATABASE_URL, TEST_REDIS_URL, uniqueId } from './services';
export { simulatorEnv } from './simulator';
