/** The part of autocannon's API the benchmarks use (the package ships no types). */
declare module 'autocannon' {
  interface Histogram {
    average: number;
    total: number;
    p50: number;
    p99: number;
  }
  /** One request of a sequence; `setupRequest` may rewrite it before each send. */
  interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (request: Request, context: Record<string, unknown>) => Request;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    method?: string;
    body?: string;
    requests?: Request[];
    /** Requests per second over all connections (default: as fast as answered). */
    overallRate?: number;
    /** Stop after this many requests (instead of `duration`). */
    amount?: number;
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    /** Seconds the run took. */
    duration: number;
  }
  function autocannon(options: Options): Promise<Result>;
  namespace autocannon {
    /**
     * The figures of runs made on a worker thread, where autocannon answers with its raw
     * histograms instead (bench/class-writes-worker.ts).
     */
    function aggregateResult(results: unknown[], options: Options): Result;
  }
  export default autocannon;
  export type { Options, Request, Result };
}
