import { defineConfig } from 'vitest/config';
import vue from '@vitejs/plugin-vue';

// `npm start` (or Quarkus dev mode through Quinoa) serves the client with hot reload; the API is table-service's,
// proxied so the client can always use relative paths (/api, and the WebSocket under /api): the one on :8080, or
// DURAK_API's (`npm run dev` and `vite preview` against a system started on other ports).
export default defineConfig({
  plugins: [vue()],
  server: {
    proxy: {
      '/api': { target: process.env.DURAK_API ?? 'http://localhost:8080', ws: true },
    },
  },
  build: { outDir: 'dist', sourcemap: false },
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // useTableSocket's and the heartbeats' tests run a server (node:http, ws) beside their happy-dom window, so they are
    // transformed for Node: under NODE_ENV=production (as Quinoa builds) a browser transform replaces node:http with an
    // empty module
    testTransformMode: { ssr: ['**/composables/useTableSocket.test.ts', '**/api/heartbeat.test.ts'] },
  },
});
