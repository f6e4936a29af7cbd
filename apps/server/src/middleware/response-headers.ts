/**
 * Behind the Node adapter (`c.env.outgoing`, the ServerResponse): set the headers there, before
 * the route runs. Node merges them into the response the adapter writes — with no WHATWG
 * `Headers` built or validated per request (measured ~8 % of a small GET's CPU time). Returns false
 * elsewhere (`app.request` in tests, other runtimes): then use setHeaders after the route.
 * A header the route sets itself wins here; no route sets these.
 */
export function setOnNodeResponse(
  c: { env: unknown },
  entries: ReadonlyArray<readonly [string, string]>,
): boolean {
  const outgoing = (c.env as { outgoing?: NodeResponse } | undefined)?.outgoing;
  if (!outgoing || typeof outgoing.setHeader !== 'function' || outgoing.headersSent) return false;
  for (const [name, value] of entries) outgoing.setHeader(name, value);
  return true;
}

interface NodeResponse {
  headersSent: boolean;
  setHeader(name: string, value: string): unknown;
}

/**
 * Set headers on c.res, re-wrapping the response when its headers are immutable. `keepRoutes`:
 * a header the route set itself is left as it is (as on the Node response, above).
 */
export function setHeaders(
  c: { res: Response },
  entries: ReadonlyArray<readonly [string, string]>,
  keepRoutes = false,
): void {
  const missing = keepRoutes ? entries.filter(([name]) => !c.res.headers.has(name)) : entries;
  try {
    for (const [name, value] of missing) c.res.headers.set(name, value);
  } catch {
    const res = new Response(c.res.body, c.res);
    for (const [name, value] of missing) res.headers.set(name, value);
    c.res = res;
  }
}
