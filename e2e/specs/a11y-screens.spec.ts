import { seriousViolations } from '../fixtures/axe.ts';
import { expect, test } from '../fixtures/test.ts';
import {
  DESKTOP,
  newContext,
  PHONE,
  seedAdversarialContent,
  tourSignedOut,
  tourStudent,
  tourTeacher,
  type Check,
} from '../fixtures/screen-tour.ts';

/**
 * Issue 11, point 10: axe finds no serious or critical issue on any screen, with its menus and
 * dialogs open (user menu, navigation drawer, the conversation ⋮ menu, create/rename/confirm
 * dialogs), on a desktop and at 360 px — with the long content of the phone journey.
 */
for (const viewport of [DESKTOP, PHONE]) {
  test(`axe: no serious or critical issue on any screen, menus and dialogs open (${viewport.name})`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(360_000);
    const teacherContext = await newContext(browser, baseURL, viewport);
    const studentContext = await newContext(browser, baseURL, viewport);
    const anonContext = await newContext(browser, baseURL, viewport);
    const seed = await seedAdversarialContent(teacherContext, studentContext);

    const found: string[] = [];
    const checked: string[] = [];
    const check: Check = async (page, label) => {
      checked.push(label);
      for (const violation of await seriousViolations(page)) found.push(`${label}: ${violation}`);
    };

    await tourSignedOut(await anonContext.newPage(), seed, check);
    await tourStudent(await studentContext.newPage(), seed, viewport, check);
    await tourTeacher(await teacherContext.newPage(), seed, viewport, check);

    expect(checked.length).toBeGreaterThanOrEqual(30);
    expect(found, found.join('\n')).toEqual([]);
  });
}
