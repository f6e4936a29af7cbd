import interLatin from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url';

/**
 * Inter (the variable font, Latin subset: every character Portuguese and English use) is kept off
 * the first paint (decision 0033, second pass): on a 1.6 Mbps phone its 49 KB took the bandwidth
 * of the screen's own code. A browser that does not have the file yet paints in the system font
 * (index.css's stack after Inter) and, once the page has loaded and settled, fetches the file at
 * low priority into the Cache Storage for the next page loads. A browser that has it there reads it
 * before the first render (no network) and paints in Inter: text never changes font, or moves,
 * after it is painted. Without Cache Storage (plain http off localhost) the system font stays.
 */

const FAMILY = 'Inter Variable';
/** @fontsource-variable/inter's Latin range. */
const LATIN =
  'U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD';
/** The Cache Storage cache that holds this build's font file (and no other). */
const CACHE_NAME = 'aprenda-web-font';
/** How long after the page's load event the file is fetched for the next visit. */
const SETTLE_MS = 3000;

function available(): boolean {
  return typeof FontFace === 'function' && typeof caches !== 'undefined';
}

/** Whether the first render has started: a font read after it is not applied (no swap). */
let rendered = false;
/** Whether this page load has the font (read from the cache before the first render). */
let declared = false;

/**
 * At start (main.tsx): reads the font from the Cache Storage, and declares it if the read ends
 * before the first render (`markRendered`). Resolves either way; never asks the network.
 */
export async function declareCachedWebFont(url: string = interLatin): Promise<boolean> {
  if (!available()) return false;
  try {
    const res = await (await caches.open(CACHE_NAME)).match(url);
    if (!res || rendered) return false;
    const face = new FontFace(FAMILY, await res.arrayBuffer(), {
      weight: '100 900',
      style: 'normal',
      unicodeRange: LATIN,
    });
    await face.load();
    if (rendered) return false;
    document.fonts.add(face);
    declared = true;
    return true;
  } catch {
    return false; // storage refused, or a damaged entry: the system font
  }
}

/** The first render starts now: a font read still under way is not applied to this page load. */
export function markRendered(): void {
  rendered = true;
}

function afterLoad(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
}

/**
 * After the first screen (main.tsx): when this page load is without the font, waits for the load
 * event and a quiet moment, then fetches the file at low priority into the Cache Storage (and drops
 * an earlier build's file) for the next page load.
 */
export async function cacheWebFont(url: string = interLatin): Promise<void> {
  if (declared || !available()) return;
  await afterLoad();
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  const cache = await caches.open(CACHE_NAME);
  if (await cache.match(url)) return;
  const res = await fetch(url, { credentials: 'same-origin', priority: 'low' });
  if (!res.ok) return;
  await cache.put(url, res);
  const kept = new URL(url, window.location.href).href;
  for (const request of await cache.keys()) {
    if (request.url !== kept) await cache.delete(request);
  }
}
