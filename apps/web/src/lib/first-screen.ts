/**
 * "The first screen is up": no "Carregando..." fallback left (LoadingScreen reports itself here)
 * for two frames, then an idle moment. What the first screen does not need (PostHog) waits for
 * it, so it does not take the bandwidth of a slow phone while the screen's own code downloads.
 */

const MAX_WAIT_MS = 15_000;

let shown = 0;
let done = false;
let check = 0;
const waiting: (() => void)[] = [];

function finish(): void {
  if (done) return;
  done = true;
  for (const resolve of waiting.splice(0)) resolve();
}

function whenIdle(fn: () => void): void {
  if (typeof window.requestIdleCallback === 'function') {
    window.requestIdleCallback(fn, { timeout: 2000 });
  } else {
    setTimeout(fn, 50);
  }
}

function scheduleCheck(): void {
  const token = ++check;
  // Two frames: the screen that replaced the fallback has been painted.
  requestAnimationFrame(() =>
    requestAnimationFrame(() =>
      whenIdle(() => {
        if (token === check && shown === 0) finish();
      }),
    ),
  );
}

/** A loading fallback is on screen; call the returned function when it goes. */
export function fallbackShown(): () => void {
  shown += 1;
  check += 1;
  return () => {
    shown -= 1;
    if (shown === 0) scheduleCheck();
  };
}

/** Resolves once the first screen is painted (at the latest after 15 s). */
export function afterFirstScreen(): Promise<void> {
  if (done) return Promise.resolve();
  return new Promise((resolve) => {
    waiting.push(resolve);
    if (waiting.length === 1) {
      setTimeout(finish, MAX_WAIT_MS);
      // The page may show no fallback at all: check once it has rendered something.
      scheduleCheck();
    }
  });
}
