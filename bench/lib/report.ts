import type { LoadResult } from './load';
import type { Memory } from './processes';

/** One line of the printed table: a measured server, or a reference measured in the same run. */
export interface Row {
  figure: string;
  database: string;
  rows: string;
  server: string;
  load?: LoadResult;
  memory?: Memory | null;
  startMs?: number;
  /**
   * The reference this row is compared with, and what is compared: throughput (printed as a percentage of the
   * reference's) unless `time`, a time per request printed as a multiple of the reference's.
   */
  versus?: { name: string; ratio: number; time?: boolean }[];
}

export function progress(message: string): void {
  process.stderr.write(`[bench] ${message}\n`);
}

export function ratio(value: number, reference: number): number {
  return reference > 0 ? value / reference : 0;
}

const fixed = (value: number | undefined, digits = 0) => (value === undefined ? '' : value.toFixed(digits));
const percent = (value: number) => `${(value * 100).toFixed(value < 0.1 ? 1 : 0)}%`;

/** A Markdown table, so a full run can be pasted into docs/performance.md as printed. */
export function table(rows: readonly Row[]): string {
  const header = [
    'figure',
    'database',
    'rows',
    'server',
    'req/s',
    'p50 ms',
    'p99 ms',
    'start ms',
    'RSS MB',
    'peak RSS MB',
    'failed',
    'compared with',
  ];
  const lines = rows.map((row) => [
    row.figure,
    row.database,
    row.rows,
    row.server,
    fixed(row.load?.rps),
    fixed(row.load?.p50, 1),
    fixed(row.load?.p99, 1),
    fixed(row.startMs),
    fixed(row.memory?.rssMb),
    fixed(row.memory?.peakMb),
    row.load ? String(row.load.failures) : '',
    (row.versus ?? [])
      .map((versus) =>
        versus.time
          ? `${versus.ratio.toFixed(2)}x the time of ${versus.name}`
          : `${percent(versus.ratio)} of ${versus.name}`,
      )
      .join(', '),
  ]);
  const all = [header, ...lines];
  const widths = header.map((_, column) => Math.max(...all.map((line) => (line[column] ?? '').length)));
  const render = (line: string[]) =>
    `| ${line.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  return [
    render(header),
    `| ${widths.map((width) => '-'.repeat(width)).join(' | ')} |`,
    ...lines.map(render),
  ].join('\n');
}
