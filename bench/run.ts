import { ENGINES, type Engine } from './lib/databases';
import type { BenchOptions } from './lib/options';
import { progress, table, type Row } from './lib/report';
import { candidateScrollFigure } from './figures/candidate-scroll';
import { candidatesListFigure } from './figures/candidates-list';
import { healthFigure } from './figures/health';
import { mediaFigure, mediaUploadFigure } from './figures/media';
import { officesFigure } from './figures/offices';
import { projectsListFigure } from './figures/projects-list';
import { startFigure } from './figures/start';
import { submissionsFigure } from './figures/submissions';
import { nextCandidateFigure } from './next-candidate';

/**
 * npm run bench [-- <figure> [--short] [--db=pglite,postgres] [--sizes=100,1000] [--seconds=10] [--connections=50] [--rounds=5]]
 * Figures: projects, candidates (100,000 candidates unless one --sizes is given), health, start, media, upload (media's
 * upload alone),
 * submissions (200 through one link at once), offices (the candidates list of an office of 1,000 among --offices=100
 * such offices and of one office of 100,000, the projects list of a director on every project of that office, and
 * what row-level security costs the candidates page; one --sizes sets the candidates per office), scroll (the candidates page in Chromium with 10,000 rows loaded, unless
 * one --sizes is given; needs the web build), next (the preview's next candidate and a tape's first frame in Chromium
 * with 10,000 candidates, prefetching on and off; needs the web build; not part of all), all
 * (default). candidates only: --keep leaves the loaded PostgreSQL database in place (its name is printed; names
 * start with BENCH_DATABASE_PREFIX, default casting_bench_) and --reuse=<name> measures on such a database instead
 * of loading one (the API's start migrates it first). --short is the CI form: 1 s per figure, 1,000 projects or candidates, 10 connections, one start, 64 MiB
 * of media, 10 offices, each figure on PostgreSQL only (the first start on both databases) unless --db is given;
 * `all --short` leaves out offices (LEFT_OUT_OF_SHORT_ALL).
 * Prints a Markdown table; nothing is asserted, the figures are read against the references beside them.
 */
const FIGURES: Record<string, (options: BenchOptions) => Promise<Row[]>> = {
  projects: projectsListFigure,
  candidates: candidatesListFigure,
  health: healthFigure,
  start: startFigure,
  media: mediaFigure,
  upload: mediaUploadFigure,
  submissions: submissionsFigure,
  scroll: candidateScrollFigure,
  offices: officesFigure,
  next: nextCandidateFigure,
};

/**
 * The short form (CI) runs each figure on one database, PostgreSQL (the production one), to prove every command in
 * about half the time; the first start keeps both, as the embedded start has a target of its own. `--db` overrides.
 */
const SHORT_FORM_ENGINES: Record<string, Engine[]> = { start: ['pglite', 'postgres'] };
const SHORT_FORM_DEFAULT: Engine[] = ['postgres'];

/**
 * Figures `all --short` (CI) leaves out, each still run by name (`npm run bench:offices`, or `offices --short`).
 * offices is three installations of the candidates and projects figures' pages, each loaded and started twice, plus
 * two reference servers: the largest share of the short run (118 s of 269 on a quiet machine) for pages the other
 * figures already prove (decision 0804).
 */
const LEFT_OUT_OF_SHORT_ALL = new Set(['offices']);

function flag(args: string[], name: string): string | undefined {
  return args.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
}

function numbers(text: string | undefined): number[] | undefined {
  return text?.split(',').map((value) => Number(value.replaceAll('_', '')));
}

function parse(args: string[]): { figures: string[]; options: BenchOptions; oneDatabase: boolean } {
  const short = args.includes('--short');
  const figure = args.find((arg) => !arg.startsWith('--')) ?? 'all';
  // `upload` is part of `media`, so `all` leaves it out; `next` (minutes of media processing and Chromium) runs alone.
  const figures =
    figure === 'all'
      ? Object.keys(FIGURES).filter(
          (name) => name !== 'upload' && name !== 'next' && !(short && LEFT_OUT_OF_SHORT_ALL.has(name)),
        )
      : [figure];
  for (const name of figures) if (!FIGURES[name]) throw new Error(`unknown figure: ${name}`);
  const engines = (flag(args, 'db')?.split(',') ?? [...ENGINES]) as Engine[];
  for (const engine of engines) if (!ENGINES.includes(engine)) throw new Error(`unknown database: ${engine}`);
  return {
    figures,
    oneDatabase: short && flag(args, 'db') === undefined,
    options: {
      engines,
      sizes: numbers(flag(args, 'sizes')) ?? (short ? [1000] : [100, 1000, 10_000, 100_000]),
      seconds: Number(flag(args, 'seconds') ?? (short ? 1 : 10)),
      // The short form only proves the commands work: fewer connections let a slow server finish requests in 2 s.
      connections: Number(flag(args, 'connections') ?? (short ? 10 : 50)),
      starts: Number(flag(args, 'starts') ?? (short ? 1 : 3)),
      rounds: Number(flag(args, 'rounds') ?? (short ? 1 : 5)),
      offices: Number(flag(args, 'offices') ?? (short ? 10 : 100)),
      keep: args.includes('--keep'),
      reuse: flag(args, 'reuse'),
    },
  };
}

async function main() {
  const { figures, options, oneDatabase } = parse(process.argv.slice(2));
  progress(`figures: ${figures.join(', ')}; ${JSON.stringify(options)}`);
  const rows: Row[] = [];
  for (const name of figures) {
    const engines = oneDatabase ? (SHORT_FORM_ENGINES[name] ?? SHORT_FORM_DEFAULT) : options.engines;
    rows.push(...(await FIGURES[name]!({ ...options, engines })));
  }
  process.stdout.write(`\n${table(rows)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
