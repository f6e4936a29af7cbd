import type { PostHog } from 'posthog-js';
import type { PublicConfig } from '@aprenda/shared/schemas/config';

/**
 * Product analytics through posthog-js, configured at runtime from GET /api/config.
 * Off (every function a no-op) when the server has no PostHog key.
 *
 * Events we send ourselves (autocapture adds clicks and form submits):
 * - `$pageview`    on every route change (client-side ones included)
 * - `$app_focus`   when the page becomes visible again (visibilitychange → visible)
 * - `$app_blur`    when the page is hidden (visibilitychange → hidden)
 * - `$pageleave`   when the page is hidden (sent together with `$app_blur`)
 * - `api_latency`  once per API response: { route, method, status, duration_ms, error }
 * plus `identify(user.id, { role })` after sign-in and `reset()` on sign-out.
 * Nothing secret goes in: properties whose names look like secrets are dropped.
 */

type Props = Record<string, unknown>;
type Pending = (ph: PostHog) => void;

let posthog: PostHog | null = null;
let enabled = false;
let pending: Pending[] = [];

const SECRET_KEY = /pass(word)?|token|secret|api[_-]?key|authorization|cookie/i;

/** Query parameters that carry a credential (reset and verification links). */
const SECRET_PARAMS = ['token', 'code', 'state'];

/**
 * A URL without the credentials some of ours carry: the invite page's token (`/convite/<token>`)
 * and `?token=` of the reset and verification links. Anything that does not parse is kept.
 */
export function redactUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value, 'http://relative.invalid');
  } catch {
    return value;
  }
  url.pathname = url.pathname.replace(/^\/convite\/[^/]+/, '/convite/REDACTED');
  for (const name of SECRET_PARAMS)
    if (url.searchParams.has(name)) url.searchParams.set(name, 'REDACTED');
  const out = url.toString();
  return value.startsWith('/') ? out.slice('http://relative.invalid'.length) : out;
}

/** Properties posthog-js fills with addresses. */
const URL_PROPS = [
  '$current_url',
  '$pathname',
  '$referrer',
  '$initial_current_url',
  '$initial_referrer',
  '$initial_pathname',
  '$prev_pageview_pathname',
];

/** Drop any property whose name looks like it could carry a secret. */
export function sanitize(props: Props | undefined): Props | undefined {
  if (!props) return undefined;
  const out: Props = {};
  for (const [k, v] of Object.entries(props)) {
    if (!SECRET_KEY.test(k)) out[k] = v;
  }
  return out;
}

function run(fn: Pending): void {
  if (!enabled) return;
  if (posthog) fn(posthog);
  else pending.push(fn);
}

/**
 * Start posthog-js when the server configured it. Events are queued at once; the library itself
 * (not in the entry chunk) is fetched once `start` resolves — main.tsx waits for the first paint.
 */
export async function initAnalytics(
  config: Pick<PublicConfig, 'posthog'>,
  start: Promise<unknown> = Promise.resolve(),
): Promise<void> {
  if (!config.posthog || enabled) return;
  enabled = true;
  const { key, host } = config.posthog;
  await start;
  // The CSP allows only 'self' and the PostHog host: bundle the web-vitals extension instead of
  // letting posthog-js fetch it from its CDN, and forbid every other external script.
  const [{ posthog: ph }] = await Promise.all([
    import('posthog-js'),
    import('posthog-js/dist/web-vitals-with-attribution'),
  ]);
  ph.init(key, {
    api_host: host,
    disable_session_recording: true,
    autocapture: true,
    request_batching: false,
    debug: true,
    capture_performance: { web_vitals: true },
    capture_pageview: false,
    capture_pageleave: false,
    disable_external_dependency_loading: true,
    disable_surveys: true,
    persistence: 'localStorage',
    mask_all_text: false,
    mask_all_element_attributes: false,
    // Every event (autocapture and web vitals included) leaves without tokens in its URLs.
    before_send: (event) => {
      if (!event) return event;
      for (const bag of [event.properties, event.$set, event.$set_once]) {
        if (!bag) continue;
        for (const key of URL_PROPS) {
          if (typeof bag[key] === 'string') bag[key] = redactUrl(bag[key] as string);
        }
      }
      return event;
    },
  });
  posthog = ph;
  const queued = pending;
  pending = [];
  for (const fn of queued) fn(ph);
}

export function capture(event: string, props?: Props): void {
  const clean = sanitize(props);
  run((ph) => ph.capture(event, clean));
}

export function capturePageview(): void {
  run((ph) => ph.capture('$pageview', { $current_url: redactUrl(window.location.href) }));
}

export function identify(userId: string, role: string): void {
  run((ph) => ph.identify(userId, { role }));
}

export function resetAnalytics(): void {
  run((ph) => ph.reset());
}

let visibilityBound = false;

/** Focus/blur and page-leave from the page's visibility. Call once at boot. */
export function trackVisibility(): void {
  if (visibilityBound) return;
  visibilityBound = true;
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') {
      capture('$app_blur');
      capture('$pageleave', { $current_url: redactUrl(window.location.href) });
    } else {
      capture('$app_focus');
    }
  });
}
