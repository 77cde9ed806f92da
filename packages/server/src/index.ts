export * from './background/index';
export {
  EnvError,
  envBoolean,
  envPort,
  logLevel,
  mailEnv,
  mailLinksRedacted,
  mailLogWarning,
  mailRules,
  parseEnv,
  postgresUrl,
  redisPrefix,
  redisUrl,
} from './env';
export { fetchWithin } from './fetch';
export { type LogFormat, logFormat, logStream, withLogFormatDefault } from './log-format';
export { type ReadinessProbes, readinessCheck } from './readiness';
export {
  type ConnectionLog,
  connectRedis,
  quietRedisErrors,
  redactUrl,
  reportRedisOutages,
  withTimeout,
} from './redis';
export { pruneExpiredSessions } from './sessions';
export { onShutdown } from './shutdown';
