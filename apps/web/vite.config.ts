import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { paths } from './src/lib/paths';
import { precompress } from './vite-precompress';
import { routeDocuments } from './vite-route-documents';

// In development the SPA runs on Vite's server and talks to the API through this proxy, keeping
// one origin for cookies, CSRF checks and Socket.IO, exactly as in production. `pnpm dev` gives
// both the same environment: WEB_PORT is Vite's port, PORT the API's (apps/api/src/dev.ts).
export default defineConfig(({ mode }) => {
  // '' = every variable, not only VITE_* (none of these reach the browser: only `define` would).
  const env = loadEnv(mode, import.meta.dirname, '');
  // 127.0.0.1, not localhost: the API listens on IPv4 (HOST 0.0.0.0) and localhost may be ::1 first.
  const api = `127.0.0.1:${env.PORT || 3000}`;
  return {
    plugins: [react(), tailwindcss(), pwa(), routeDocuments(SCREEN_MODULES)],
    server: {
      port: Number(env.WEB_PORT || 5173),
      // Never drift to another port: the API's PUBLIC_URL (emailed links, Origin checks) names this one.
      strictPort: true,
      proxy: {
        '/api': `http://${api}`,
        '/sandbox': `http://${api}`,
        '/socket.io': { target: `ws://${api}`, ws: true },
      },
    },
    // No source maps in the built app: the server would publish our whole source to anyone who asks
    // for the .map next to a bundle. Development (vite serve) keeps its own in-memory maps.
    // Every text file also as .br and .gz beside it, served as they are by the API (vite-precompress.ts).
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      sourcemap: false,
      rollupOptions: { plugins: [precompress()], output: { experimentalMinChunkSize: 10_000 } },
    },
  };
});

/**
 * The screens a member's phone opens first, by path, and the module (under src/) that the router
 * loads lazily for each: each gets a document of its own that preloads its chunks (vite-route-documents.ts).
 */
const SCREEN_MODULES: Record<string, string> = {
  [paths.show]: 'features/show/components/show-page.tsx',
  [paths.login]: 'features/auth/components/login-page.tsx',
  [paths.account]: 'features/account/components/account-page.tsx',
  [paths.onboarding]: 'features/onboarding/components/onboarding-page.tsx',
  [paths.register]: 'features/auth/components/register-page.tsx',
};

/** The app's palette (src/styles.css): the installed app's title bar and splash screen. */
const VAULT_950 = '#0c0c0e';

/**
 * The installable app: dist/manifest.webmanifest (its <link> is added to index.html) and dist/sw.js,
 * built from src/sw.ts with the list of files to keep (Workbox's injectManifest). The worker keeps
 * the app's built code and styles, the offline page and the icons — never an /api answer, and not
 * the demo art (the show's images come from the network like its prices). Updates wait for the
 * page to let them in (src/lib/pwa/register.ts), so an open show never reloads by itself.
 */
function pwa() {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src',
    filename: 'sw.ts',
    registerType: 'prompt',
    // src/main.tsx registers it, through virtual:pwa-register.
    injectRegister: false,
    // The icons are in the globs below already (with the badge and the Home Screen icon).
    includeManifestIcons: false,
    injectManifest: {
      globPatterns: ['assets/**/*.{js,css,woff2}', 'offline.{html,css,js}', 'icons/*.png', 'favicon.svg'],
      // Never index.html: pages come from the network, so a deploy or a sign-out shows at once.
      globIgnores: ['**/index.html'],
    },
    manifest: {
      id: '/',
      name: 'Vault',
      short_name: 'Vault',
      description: 'Members-only live releases of premium knives: watch the show, heart a knife, buy it first.',
      start_url: '/show',
      scope: '/',
      display: 'standalone',
      theme_color: VAULT_950,
      background_color: VAULT_950,
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
  });
}
