// `pnpm dev` runs this (under tsx watch): the API as in `pnpm start`, except that Vite serves the
// SPA with HMR and proxies /api, /sandbox and /socket.io here (apps/web/vite.config.ts). Anything
// set in the environment wins over these defaults.
const webPort = process.env.WEB_PORT || '5173';
// Pretty logs (see @vault/server log-format.ts); the NODE_ENV=production checks stay off.
process.env.NODE_ENV ||= 'development';
// No built SPA needed: Vite serves it from source.
process.env.SERVE_WEB ||= 'false';
// The browser is on Vite's origin: emailed links and the Origin checks must name it.
process.env.PUBLIC_URL ||= `http://localhost:${webPort}`;

await import('./main');

export {};
