import type { Engine } from './databases';

export interface BenchOptions {
  engines: readonly Engine[];
  /** Project counts for the list figure. */
  sizes: readonly number[];
  seconds: number;
  connections: number;
  /** Fresh starts per database for the start figure (the median is printed). */
  starts: number;
}
