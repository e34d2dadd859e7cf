import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';

const apiTarget = 'http://localhost:3000';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), tailwindcss()],
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Read by scripts/size-report.ts to tell which chunks the sign-in page loads first.
    manifest: true,
    // Two pages: the app (index.html) and the public apply pages (apply.html, decision 0046), which the API serves
    // for the apply, claim-confirmation and private-submission addresses.
    rolldownOptions: {
      input: {
        index: fileURLToPath(new URL('index.html', import.meta.url)),
        apply: fileURLToPath(new URL('apply.html', import.meta.url)),
      },
      output: {
        // zod is its own chunk: left to itself, the bundler files it with the domain's messages, which
        // the entry needs, and so puts zod in the sign-in page's first download (decision 0022).
        codeSplitting: { groups: [{ name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/ }] },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    css: false,
    // Component tests drive forms with user-event and wait for lazy chunks; on a busy 2-core machine (CI beside other
    // work) a healthy one took over the 5 s default. A hang still fails, within 20 s.
    testTimeout: 20_000,
  },
});
