import type { Engine } from './databases';

export interface BenchOptions {
  engines: readonly Engine[];
  /** Project counts for the list figure. */
  sizes: readonly number[];
  seconds: number;
  connections: number;
  /** Fresh starts per database for the start figure (the median is printed). */
  starts: number;
  /** Rounds per database for the media upload figure, each its own and the reference's timing (medians printed). */
  rounds: number;
  /** Offices in the offices figure's installation (its large office holds as many candidates as all of them). */
  offices: number;
  /** Keep the loaded database (PostgreSQL) instead of dropping it, for `reuse` and EXPLAIN by hand. */
  keep: boolean;
  /** Measure on this kept database (PostgreSQL) instead of loading a fresh one. */
  reuse?: string;
}
