import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';

// In development the SPA runs on Vite's server and talks to the API through this proxy, keeping
// one origin for cookies, CSRF checks and Socket.IO, exactly as in production. `pnpm dev` gives
// both the same environment: WEB_PORT is Vite's port, PORT the API's (apps/api/src/dev.ts).
export default defineConfig(({ mode }) => {
  // '' = every variable, not only VITE_* (none of these reach the browser: only `define` would).
  const env = loadEnv(mode, import.meta.dirname, '');
  // 127.0.0.1, not localhost: the API listens on IPv4 (HOST 0.0.0.0) and localhost may be ::1 first.
  const api = `127.0.0.1:${env.PORT || 3000}`;
  return {
    plugins: [react(), tailwindcss()],
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
    build: { outDir: 'dist', emptyOutDir: true, sourcemap: false },
  };
});
