import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test.ts';
import {
  newContext,
  PHONE,
  seedAdversarialContent,
  tourSignedOut,
  tourStudent,
  tourTeacher,
  type Check,
} from '../fixtures/screen-tour.ts';

/**
 * Issue 11, point 3: at 360 px no screen scrolls sideways — with 120- to 200-character titles
 * with and without spaces, long URLs, long names and e-mails — and no open menu or dialog is
 * wider than the screen.
 */

interface Measure {
  inner: number;
  doc: number;
  body: number;
  /** Open dialogs and menus that stick out of the screen or scroll sideways inside. */
  layers: string[];
  /** The widest elements past the right edge (to say what overflows). */
  culprits: string[];
}

async function measure(page: Page): Promise<Measure> {
  return page.evaluate((screen) => {
    const inner = window.innerWidth;
    const describe = (el: Element) => {
      const id = el.id ? `#${el.id}` : '';
      const cls =
        typeof el.className === 'string' && el.className
          ? `.${el.className.trim().split(/\s+/).slice(0, 4).join('.')}`
          : '';
      const text = (el.textContent ?? '').trim().slice(0, 40);
      return `${el.tagName.toLowerCase()}${id}${cls} "${text}"`;
    };
    const layers: string[] = [];
    for (const el of document.querySelectorAll(
      '[role="dialog"], [role="alertdialog"], [role="menu"]',
    )) {
      const rect = el.getBoundingClientRect();
      if (rect.width === 0) continue;
      if (rect.left < -0.5 || rect.right > screen + 0.5 || el.scrollWidth > el.clientWidth + 1) {
        layers.push(
          `${describe(el)} left ${Math.round(rect.left)} right ${Math.round(rect.right)} scrollWidth ${el.scrollWidth} clientWidth ${el.clientWidth}`,
        );
      }
    }
    const culprits = [...document.querySelectorAll('body *')]
      .map((el) => ({ el, right: el.getBoundingClientRect().right }))
      .filter(({ right }) => right > screen + 0.5)
      .sort((a, b) => b.right - a.right)
      .slice(0, 5)
      .map(({ el, right }) => `${describe(el)} → ${Math.round(right)}`);
    return {
      inner,
      doc: document.documentElement.scrollWidth,
      body: document.body.scrollWidth,
      layers,
      culprits,
    };
  }, PHONE.width);
}

test.use({
  viewport: { width: PHONE.width, height: PHONE.height },
  isMobile: true,
  hasTouch: true,
});

test('no screen scrolls sideways at 360 px with adversarial content, menus and dialogs open', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const teacherContext = await newContext(browser, baseURL, PHONE);
  const studentContext = await newContext(browser, baseURL, PHONE);
  const anonContext = await newContext(browser, baseURL, PHONE);
  const seed = await seedAdversarialContent(teacherContext, studentContext);

  const found: string[] = [];
  const checked: string[] = [];
  const check: Check = async (page, label) => {
    const m = await measure(page);
    checked.push(label);
    // On a phone, a page wider than the screen also zooms out (innerWidth grows past 360 px).
    const width = PHONE.width;
    if (m.doc > width || m.body > width || m.inner > width) {
      found.push(
        `${label}: scrollWidth ${m.doc} (body ${m.body}, innerWidth ${m.inner}) > ${width}: ${m.culprits.join(' | ')}`,
      );
    }
    for (const layer of m.layers) found.push(`${label}: ${layer}`);
  };

  await tourSignedOut(await anonContext.newPage(), seed, check);
  await tourStudent(await studentContext.newPage(), seed, PHONE, check);
  await tourTeacher(await teacherContext.newPage(), seed, PHONE, check);

  expect(checked.length).toBeGreaterThanOrEqual(35);
  expect(found, found.join('\n')).toEqual([]);
});
