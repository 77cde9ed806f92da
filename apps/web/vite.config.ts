import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In development the SPA runs on Vite's server and talks to the API on :3000 through this proxy,
// keeping one origin for cookies, CSRF checks and Socket.IO, exactly as in production.
export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/sandbox': 'http://localhost:3000',
      '/socket.io': { target: 'ws://localhost:3000', ws: true },
    },
  },
  // No source maps in the built app: the server would publish our whole source to anyone who asks
  // for the .map next to a bundle. Development (vite serve) keeps its own in-memory maps.
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false },
});
