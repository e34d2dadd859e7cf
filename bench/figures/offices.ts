import { freshDatabase, type Engine } from '../lib/databases';
import { signIn } from '../lib/data';
import { measure, type LoadOptions, type LoadResult } from '../lib/load';
import {
  loadOfficeInstallation,
  loadOfficeProjects,
  type BenchAccount,
  type OfficeCase,
} from '../lib/offices-data';
import type { BenchOptions } from '../lib/options';
import { progress, ratio, type Row } from '../lib/report';
import { freeReferenceServer, startApi } from '../lib/servers';

/** Candidates per office unless one --sizes is given. */
export const OFFICES_DEFAULT_PER_OFFICE = 1000;
/** The projects director who sees some projects is on the team of one in this many. */
const SOME_PROJECTS = 100;
const PROJECTS_LIST = '/api/projects?limit=20';

interface Measured {
  cases: Record<string, LoadResult>;
  projects?: { everything: LoadResult; some: LoadResult; everythingAtOnce: LoadResult };
  /** The same candidates page's SQL as the application's role in its office and as the owner. */
  rls?: Record<string, { app: LoadResult; owner: LoadResult }>;
}

/** An API page's body, checked before it is measured: a 200 with rows. */
async function pageRows(url: string, headers: Record<string, string>): Promise<number> {
  const res = await fetch(url, { headers });
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { items: unknown[] }).items.length;
}

/** Loads an installation of `offices` offices of `perOffice` candidates (and `projects` projects), then measures. */
async function measureInstallation(
  engine: Engine,
  setup: { offices: number; perOffice: number; projects?: number; rls: boolean },
  load: LoadOptions,
  connections: number,
): Promise<Measured> {
  const label = `offices: ${engine}, ${setup.offices} × ${setup.perOffice}`;
  progress(`${label}: loading`);
  const database = await freshDatabase(engine);
  try {
    await (await startApi(database)).stop();
    const opened = await database.open();
    const started = Date.now();
    const installation = await loadOfficeInstallation(opened, setup.offices, setup.perOffice);
    const projects = setup.projects
      ? await loadOfficeProjects(opened, setup.projects, SOME_PROJECTS)
      : undefined;
    await opened.close();
    progress(`${label}: loaded in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const api = await startApi(database);
    const measured: Measured = { cases: {} };
    try {
      const headers = await signIn(api.url, installation.director);
      for (const [name, page] of Object.entries(installation.cases)) {
        progress(`${label}: ${name}: ${await pageRows(api.url + page.url, headers)} rows on the page`);
        measured.cases[name] = await measure(api.url + page.url, { ...load, headers });
      }
      if (projects) measured.projects = await measureProjects(api.url, projects, load, connections);
    } finally {
      await api.stop();
    }
    if (setup.rls) measured.rls = await measureRls(database, installation.officeId, installation.cases, load);
    return measured;
  } finally {
    await database.drop();
  }
}

async function measureProjects(
  url: string,
  accounts: { everything: BenchAccount; some: BenchAccount },
  load: LoadOptions,
  connections: number,
) {
  const everything = await signIn(url, accounts.everything);
  const some = await signIn(url, accounts.some);
  await pageRows(url + PROJECTS_LIST, everything);
  return {
    everything: await measure(url + PROJECTS_LIST, { ...load, headers: everything }),
    some: await measure(url + PROJECTS_LIST, { ...load, headers: some }),
    // Many reviewers opening the projects page at once: the queue is measured too, and any timeout counts as failed.
    everythingAtOnce: await measure(url + PROJECTS_LIST, { ...load, connections, headers: everything }),
  };
}

/**
 * Starts a server on the embedded database once the stopped API's engine process has let go of it: that process
 * ends a moment after the API, and the data directory admits one process at a time.
 */
async function startOnceReleased<T>(start: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await start();
    } catch (error) {
      if (attempt >= 20 || !String(error).includes('DataDirectoryLockedError')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

async function measureRls(
  database: Awaited<ReturnType<typeof freshDatabase>>,
  officeId: string,
  cases: Record<string, OfficeCase>,
  load: LoadOptions,
) {
  const names = Object.keys(cases);
  const reference = await startOnceReleased(() =>
    freeReferenceServer(database, 'reference-office-sql.ts', {
      BENCH_CANDIDATE_CASES: JSON.stringify(names.map((name) => cases[name])),
      BENCH_OFFICE_ID: officeId,
    }),
  );
  try {
    const measured: Record<string, { app: LoadResult; owner: LoadResult }> = {};
    for (const [index, name] of names.entries()) {
      const app = await pageRows(`${reference.url}/app/${index}`, {});
      const owner = await pageRows(`${reference.url}/owner/${index}`, {});
      if (app !== owner) throw new Error(`${name}: ${app} rows as the application, ${owner} as the owner`);
      measured[name] = {
        owner: await measure(`${reference.url}/owner/${index}`, load),
        app: await measure(`${reference.url}/app/${index}`, load),
      };
    }
    return measured;
  } finally {
    await reference.stop();
  }
}

/** Time per request relative to a reference's, from throughput at the same load: above 1 is slower. */
const timeVersus = (name: string, measured: LoadResult, reference: LoadResult) => [
  { name, ratio: ratio(reference.rps, measured.rps), time: true },
];

/**
 * Offices side by side, each figure a multiple of a reference measured in the same run (never asserted):
 * - the candidates list (`GET /api/projects/{id}/applicants`, the workspace's page of 50) for an office of
 *   `perOffice` candidates in an installation of `offices` such offices, and for one office of `offices × perOffice`,
 *   each against an installation of one office of `perOffice` (target: within 2x);
 * - the projects list (`GET /api/projects?limit=20`) in that large office for a casting director on the team of every
 *   project, against one on the team of one in SOME_PROJECTS (target: within 2x), and the first at --connections;
 * - row-level security: the same candidates page's SQL as the application's role in its office against the tables'
 *   owner, which bypasses it (target: at most 1.2x).
 * Load is at most 4 connections, as for the candidates figure: a reviewer's page is one request at a time.
 */
export async function officesFigure(options: BenchOptions): Promise<Row[]> {
  const load = { connections: Math.min(options.connections, 4), seconds: options.seconds };
  const perOffice = options.sizes.length === 1 ? options.sizes[0]! : OFFICES_DEFAULT_PER_OFFICE;
  const large = perOffice * options.offices;
  const rows: Row[] = [];
  for (const engine of options.engines) {
    const single = await measureInstallation(
      engine,
      { offices: 1, perOffice, rls: false },
      load,
      options.connections,
    );
    const many = await measureInstallation(
      engine,
      { offices: options.offices, perOffice, rls: true },
      load,
      options.connections,
    );
    const big = await measureInstallation(
      engine,
      { offices: 1, perOffice: large, projects: large, rls: true },
      load,
      options.connections,
    );
    const reference = `1 office of ${perOffice}`;
    const installations = [
      { rows: reference, measured: single },
      { rows: `${options.offices} offices of ${perOffice}`, measured: many },
      { rows: `1 office of ${large}`, measured: big },
    ];
    for (const { rows: size, measured } of installations) {
      for (const [name, result] of Object.entries(measured.cases)) {
        rows.push({
          figure: 'offices: candidates list',
          database: engine,
          rows: size,
          server: `API: ${name}`,
          load: result,
          versus: measured === single ? [] : timeVersus(reference, result, single.cases[name]!),
        });
      }
    }
    const projects = big.projects!;
    const base = {
      figure: 'offices: projects list',
      database: engine,
      rows: `1 office of ${large} projects`,
    };
    const some = `director on ${large / SOME_PROJECTS}`;
    rows.push(
      { ...base, server: `API, ${some}`, load: projects.some },
      {
        ...base,
        server: 'API, director on every project',
        load: projects.everything,
        versus: timeVersus(some, projects.everything, projects.some),
      },
      {
        ...base,
        server: `API, director on every project, ${options.connections} at once`,
        load: projects.everythingAtOnce,
      },
    );
    for (const { rows: size, measured } of installations) {
      for (const [name, { app, owner }] of Object.entries(measured.rls ?? {})) {
        const rls = { figure: 'offices: row-level security', database: engine, rows: size };
        rows.push(
          { ...rls, server: `same SQL as the owner (no RLS): ${name}`, load: owner },
          {
            ...rls,
            server: `same SQL as casting_app in its office: ${name}`,
            load: app,
            versus: timeVersus('the owner', app, owner),
          },
        );
      }
    }
  }
  return rows;
}
