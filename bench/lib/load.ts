import autocannon from 'autocannon';

export interface LoadOptions {
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  failures: number;
}

async function run(url: string, options: LoadOptions, seconds: number): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: seconds,
    headers: options.headers ?? {},
    // A slow server is a figure, not a crash: requests wait this long before they count as failed.
    timeout: 30,
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.errors + result.timeouts + result.non2xx,
  };
}

/**
 * A short warm-up (JIT, caches, pool connections), then the measured run. Failed requests (errors, timeouts, non-2xx)
 * are printed beside the figure rather than stopping the bench: a server too slow to answer is a figure too.
 */
export async function measure(url: string, options: LoadOptions): Promise<LoadResult> {
  await run(url, options, Math.max(1, Math.round(options.seconds / 3)));
  return run(url, options, options.seconds);
}
