import { HEADER_USER_ID, HEADER_USER_ROLE } from '@aprenda/shared/constants';
import { DEFAULT_CONFIG } from './config';
import { capture } from './analytics';
import { networkError, responseError } from './errors';
import { currentIdentity } from './identity';

export interface Identity {
  token: string | null;
  userId: string | null;
  role: string | null;
}

export interface LatencyEvent {
  route: string;
  method: string;
  status: number;
  duration_ms: number;
  error: boolean;
}

export interface ApiClientOptions {
  /** Base path (e.g. '/api' or '/pb') or absolute URL. */
  baseUrl: string;
  getIdentity?: () => Identity;
  /** Called on every 401 so the sign-in state is refreshed. */
  onUnauthorized?: () => void;
  /** Where latency events go; defaults to analytics (`api_latency`). */
  report?: (event: LatencyEvent) => void;
}

export interface RequestOptions {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean | null | undefined>;
  /** JSON, or a Blob/File sent as its bytes (`content-type` from the blob, else octet-stream). */
  body?: unknown;
  signal?: AbortSignal;
  /** 'blob': answer the body as a Blob (a download) instead of JSON. */
  responseType?: 'json' | 'blob';
  /** Told the status of a successful answer (e.g. 201 "done" against 200 "already so"). */
  onStatus?: (status: number) => void;
}

const unauthorizedListeners = new Set<() => void>();

/**
 * Listen to 401 answers from our API (the chat shows "Session expired", keeps the draft and sends
 * the user to sign in again). Returns the unsubscribe function.
 */
export function subscribeUnauthorized(listener: () => void): () => void {
  unauthorizedListeners.add(listener);
  return () => {
    unauthorizedListeners.delete(listener);
  };
}

/** Tell the listeners that our API answered 401 (also used by calls made outside `api()`). */
export function notifyUnauthorized(): void {
  for (const listener of [...unauthorizedListeners]) {
    try {
      listener();
    } catch {
      // a listener must never break a call
    }
  }
}

/** Fill a route template ('/classes/{id}/members') with encoded params. */
function buildPath(route: string, params: RequestOptions['params'] = {}): string {
  return route.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing route param: ${name}`);
    return encodeURIComponent(String(value));
  });
}

function now(): number {
  return typeof performance !== 'undefined' ? performance.now() : Date.now();
}

function defaultReport(event: LatencyEvent): void {
  capture('api_latency', { ...event });
}

/**
 * fetch that reports one latency event per call (status 0 and error true when no response arrived),
 * then returns the response or rethrows the network error.
 */
export async function timedFetch(
  route: string,
  method: string,
  input: RequestInfo | URL,
  init: RequestInit | undefined,
  report: (event: LatencyEvent) => void = defaultReport,
): Promise<Response> {
  const start = now();
  let res: Response;
  try {
    res = await fetch(input, init);
  } catch (err) {
    safeReport(report, { route, method, status: 0, duration_ms: elapsed(start), error: true });
    throw err;
  }
  safeReport(report, {
    route,
    method,
    status: res.status,
    duration_ms: elapsed(start),
    error: !res.ok,
  });
  return res;
}

function elapsed(start: number): number {
  return Math.round((now() - start) * 100) / 100;
}

function safeReport(report: (event: LatencyEvent) => void, event: LatencyEvent): void {
  try {
    report(event);
  } catch {
    // analytics must never break a call
  }
}

export function createApiClient(options: ApiClientOptions) {
  const base = options.baseUrl.replace(/\/$/, '');
  const report = options.report ?? defaultReport;

  async function request<T>(method: string, route: string, opts: RequestOptions = {}): Promise<T> {
    let url = base + buildPath(route, opts.params);
    if (opts.query) {
      const qs = new URLSearchParams();
      for (const [k, v] of Object.entries(opts.query)) {
        if (v !== undefined && v !== null) qs.set(k, String(v));
      }
      const s = qs.toString();
      if (s) url += `?${s}`;
    }
    const headers = new Headers({ accept: 'application/json' });
    const identity = options.getIdentity?.();
    if (identity?.token) headers.set('authorization', `Bearer ${identity.token}`);
    if (identity?.userId) headers.set(HEADER_USER_ID, identity.userId);
    if (identity?.role) headers.set(HEADER_USER_ROLE, identity.role);
    const init: RequestInit = { method, headers, credentials: 'same-origin', signal: opts.signal };
    if (opts.body instanceof Blob) {
      headers.set('content-type', opts.body.type || 'application/octet-stream');
      init.body = opts.body;
    } else if (opts.body !== undefined) {
      headers.set('content-type', 'application/json');
      init.body = JSON.stringify(opts.body);
    }
    let res: Response;
    try {
      res = await timedFetch(route, method, url, init, report);
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') throw err;
      throw networkError();
    }
    if (res.status === 401) {
      options.onUnauthorized?.();
      notifyUnauthorized();
    }
    if (!res.ok) throw await responseError(res);
    opts.onStatus?.(res.status);
    if (res.status === 204) return undefined as T;
    if (opts.responseType === 'blob') return (await res.blob()) as T;
    const type = res.headers.get('content-type') ?? '';
    if (!type.includes('json')) return undefined as T;
    return (await res.json()) as T;
  }

  return {
    request,
    get: <T>(route: string, opts?: RequestOptions) => request<T>('GET', route, opts),
    post: <T>(route: string, opts?: RequestOptions) => request<T>('POST', route, opts),
    put: <T>(route: string, opts?: RequestOptions) => request<T>('PUT', route, opts),
    patch: <T>(route: string, opts?: RequestOptions) => request<T>('PATCH', route, opts),
    delete: <T>(route: string, opts?: RequestOptions) => request<T>('DELETE', route, opts),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

let apiClient: ApiClient = createApiClient({
  baseUrl: DEFAULT_CONFIG.apiPrefix,
  getIdentity: currentIdentity,
});
let recordsClient: ApiClient = createApiClient({
  baseUrl: DEFAULT_CONFIG.recordsPrefix,
  getIdentity: currentIdentity,
});

/** Wire the app-wide clients once the runtime config is known (see main.tsx). */
export function configureApiClients(
  prefixes: { apiPrefix: string; recordsPrefix: string },
  shared: Omit<ApiClientOptions, 'baseUrl'>,
): void {
  apiClient = createApiClient({ ...shared, baseUrl: prefixes.apiPrefix });
  recordsClient = createApiClient({ ...shared, baseUrl: prefixes.recordsPrefix });
}

/** Client for the class and app API (API prefix, default /api). */
export function api(): ApiClient {
  return apiClient;
}

/** Client for the records service (records prefix, default /pb). */
export function records(): ApiClient {
  return recordsClient;
}
