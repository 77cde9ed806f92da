export { EnvError, envBoolean, envPort, logLevel, parseEnv, postgresUrl, redisPrefix, redisUrl } from './env';
export { connectRedis, redactUrl, withTimeout } from './redis';
export { pruneExpiredSessions } from './sessions';
export { onShutdown } from './shutdown';
