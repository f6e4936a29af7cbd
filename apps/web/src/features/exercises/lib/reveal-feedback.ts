/** Air between the box and the bar: more than the gap before the bar, which then shows whole. */
const AIR_PX = 24;

/**
 * Brings what an answer brought (its correction, or "Resposta registrada") into sight. It shows
 * below the question, and nothing moves the page by itself: focus goes to the answer bar's main
 * button, always in sight. On a phone that bar is sticky at the bottom of the screen, so the
 * correction stayed under it (or below the screen) and only "Próxima" was seen.
 *
 * The page scrolls the least that shows `target` whole above the bar (its top first when it is
 * taller than the screen): its bottom scroll margin is the bar's height, plus mathlive's on-screen
 * keyboard when it is up (the bar sits on it, `--math-keyboard`), and a little air. From `sm` up
 * the bar is not sticky but comes right after the feedback: the same room keeps it in sight too.
 * The sticky header is the target's own `scroll-mt-*`. Smooth, unless reduced motion is asked.
 */
export function revealAboveBar(target: HTMLElement | null, bar: HTMLElement | null): void {
  if (!target) return;
  const keyboard =
    Number.parseFloat(document.documentElement.style.getPropertyValue('--math-keyboard')) || 0;
  target.style.scrollMarginBottom = `${(bar?.offsetHeight ?? 0) + keyboard + AIR_PX}px`;
  const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? true;
  target.scrollIntoView?.({ block: 'nearest', behavior: reduce ? 'auto' : 'smooth' });
}
