import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const apiTarget = 'http://localhost:3000';

const PAGE_HEAD_MARKER = '<!-- page-head.html -->';

/**
 * The two pages (the app and the public apply pages) share one head: its tags (character set, viewport, theme
 * colours, icons, title) are written once, in page-head.html, and replace each page's marker, in development and in
 * the build. A page without the marker fails the build rather than ship without its head.
 */
function sharedPageHead(): Plugin {
  const file = fileURLToPath(new URL('page-head.html', import.meta.url));
  return {
    name: 'casting-shared-page-head',
    transformIndexHtml: {
      order: 'pre',
      handler(html, context) {
        if (!html.includes(PAGE_HEAD_MARKER)) {
          throw new Error(`${context.filename} lacks ${PAGE_HEAD_MARKER} where its head's tags belong`);
        }
        const tags = readFileSync(file, 'utf8').trim().split('\n').join('\n    ');
        return html.replace(PAGE_HEAD_MARKER, tags);
      },
    },
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [sharedPageHead(), react(), tailwindcss()],
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
    // happy-dom rather than jsdom (docs/decisions/0076): the same tests pass, and a run takes about 40% less,
    // most of jsdom's share being its computed styles and selector matching, which every query by role and every
    // click (user-event's pointer-events check) pays for. Layout, real navigation and the browser's own behaviour
    // are the end-to-end journeys' part, in Chromium.
    environment: 'happy-dom',
    setupFiles: ['./test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    css: false,
    // The files run one after another in one window with the modules loaded once (docs/decisions/0075): a fresh
    // jsdom and a fresh import of React, Radix and the pages for each of about 90 files took most of the run.
    // test/setup.ts resets what a test can leave behind in the window.
    isolate: false,
    // Component tests drive forms with user-event and wait for lazy chunks; on a busy 2-core machine (CI beside other
    // work) a healthy one took over the 5 s default. A hang still fails, within 20 s.
    testTimeout: 20_000,
  },
});
