import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { loadCandidates } from './candidates-data';
import { freshDatabase, type Engine } from './databases';
import { MEMBER } from './data';
import type { BenchOptions } from './options';
import { ROOT } from './processes';
import { progress } from './report';
import { startApi } from './servers';
import type { Server } from './processes';

export interface LoadedWorkspace {
  browser: Browser;
  api: Server;
  engine: Engine;
  /** The candidates asked for (one --sizes, else the figure's default). */
  wanted: number;
  projectId: string;
}

/**
 * The candidates workspace of the Chromium figures (scroll, next): checks the web build is there, loads a fresh
 * database with `wanted` candidates in the lead opportunity (one --sizes, else `defaultRows`), starts the built API on
 * it and Debian's Chromium (as the journeys use), runs `measure`, then stops and drops everything. One database is
 * enough, since what is measured is the page, not the API (PostgreSQL when asked for, else PGlite).
 */
export async function withLoadedWorkspace<T>(
  label: string,
  options: BenchOptions,
  defaultRows: number,
  measure: (workspace: LoadedWorkspace) => Promise<T>,
): Promise<T> {
  if (!fs.existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) {
    throw new Error(`apps/web/dist is missing: run \`npm run build\` before the ${label} figure`);
  }
  const wanted = options.sizes.length === 1 ? options.sizes[0]! : defaultRows;
  const engine: Engine = options.engines.includes('postgres') ? 'postgres' : options.engines[0]!;
  progress(`${label}: ${engine}: loading ${wanted} candidates`);
  const database = await freshDatabase(engine);
  const browser = await chromium.launch({
    headless: true,
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    // A first start migrates the database; the data is then loaded in this process while no server holds it.
    await (await startApi(database)).stop();
    const opened = await database.open();
    // Every candidate in the lead opportunity (80% of those loaded), so the page the reviewer opens holds them all.
    const data = await loadCandidates(opened, Math.ceil(wanted / 0.8));
    await opened.close();
    const api = await startApi(database);
    try {
      return await measure({ browser, api, engine, wanted, projectId: data.projectId });
    } finally {
      await api.stop();
    }
  } finally {
    await browser.close();
    await database.drop();
  }
}

/** Signs the bench's member in through the sign-in page, as a reviewer would, and waits for the projects page. */
export async function signInAsMember(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/auth/sign-in`);
  await page.getByLabel('Email', { exact: true }).fill(MEMBER.email);
  await page.getByLabel('Password', { exact: true }).fill(MEMBER.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/\/projects$/);
}
