import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { constants } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  plugins: [
    react(),
    tailwindcss(),
    // Brotli and gzip copies of every text asset at maximum effort, once at build time; the
    // server sends them as they are (apps/server/src/http/web-app.ts).
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', {
          params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
        }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      threshold: 1024,
      logLevel: 'silent',
    }),
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:8080',
      // The local SAX provider lives in the API server too. It builds its endpoint URLs from the
      // Host header: keep the browser's (5173) so the popup and the token call stay on it. Run
      // the API with PUBLIC_URL=http://localhost:5173 so accounts and SAX trust this origin.
      '/sax': { target: 'http://localhost:8080', changeOrigin: false },
      '/.well-known': 'http://localhost:8080',
    },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    rolldownOptions: {
      // Two pages: the app, and the page the SAX popup returns to (it loads only the OIDC client).
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        'sax-popup-callback': fileURLToPath(new URL('./sax-popup-callback.html', import.meta.url)),
      },
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
            },
            // Loaded only when needed (sign-in, sign-out, the analysis page), never on the landing.
            {
              name: 'auth-vendor',
              test: /node_modules[\\/](better-auth|@better-auth|@better-fetch|nanostores|defu)[\\/]/,
            },
            // The SAX popup's return page loads only this.
            { name: 'oidc-vendor', test: /node_modules[\\/](oidc-client-ts|jwt-decode)[\\/]/ },
            {
              name: 'forms-vendor',
              test: /node_modules[\\/](react-hook-form|@hookform)[\\/]/,
            },
            {
              name: 'table-vendor',
              test: /node_modules[\\/]@tanstack[\\/](react-table|table-core)[\\/]/,
            },
            // The network view's WebGL renderer: only /analisis and /resultados load it, on demand.
            {
              name: 'network-vendor',
              test: /node_modules[\\/](sigma|graphology[^\\/]*|events)[\\/]/,
            },
            // The job progress stream's parser: only an upload on /analisis loads it.
            { name: 'stream-vendor', test: /node_modules[\\/]eventsource-parser[\\/]/ },
            { name: 'vendor', test: /node_modules[\\/]/ },
          ],
        },
      },
    },
  },
  test: {
    name: 'web',
    root,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // Dialog flows with lazy chunks take seconds on a loaded 2-core machine.
    testTimeout: 20_000,
  },
});
