// `pnpm dev:scaled` runs this (under tsx watch): the worker as in `pnpm start`, with pretty logs
// (see @vault/server log-format.ts) unless NODE_ENV or LOG_FORMAT says otherwise.
process.env.NODE_ENV ||= 'development';

await import('./main');

export {};
