// Reading the Scalar page the way a reader does: wait until every lazily rendered section exists,
// expand collapsed enum lists, open example pickers.
import type { Locator, Page } from 'playwright-core';

/** Text as shown (innerText), with whitespace runs collapsed and markdown code ticks dropped. */
export const normalise = (text: string) => text.replace(/`/g, '').replace(/\s+/g, ' ').trim();

export async function visibleText(page: Page): Promise<string> {
  return normalise(await page.evaluate(() => document.body.innerText));
}

/** Waits until Scalar has rendered its sidebar (the document is parsed and mounted). */
export async function waitForReference(page: Page, firstSummary: string): Promise<void> {
  await page.getByRole('button', { name: firstSummary }).first().waitFor();
}

/**
 * Scalar renders sections in batches (a 300 ms debounce, then an idle callback) until the whole
 * document is on the page; waits until the text stops growing (no deadline: a page that never
 * settles is the watchdog's, test/support/clock.ts).
 */
export async function untilStill(page: Page, intervalMs = 700): Promise<void> {
  const length = () => page.evaluate(() => document.body.innerText.length);
  let previous = await length();
  for (;;) {
    await page.waitForTimeout(intervalMs);
    const current = await length();
    if (current === previous) return;
    previous = current;
  }
}

/** Long enums are cut after a few values behind "Show all values". */
export async function expandEnums(page: Page): Promise<number> {
  return page.evaluate(() => {
    const buttons = Array.from(document.querySelectorAll('button')).filter((button) => button.innerText.trim() === 'Show all values');
    buttons.forEach((button) => button.click());
    return buttons.length;
  }).then(async (count) => {
    await untilStill(page);
    return count;
  });
}

/** The section of one operation (Scalar's id ends with `tag/<tag>/<METHOD><path>`). */
export function operationSection(page: Page, tag: string, method: string, path: string): Locator {
  return page.locator(`[id$="tag/${tag}/${method.toUpperCase()}${path}"]`).first();
}

/** Opens every example picker inside `scope` and returns the labels of their options. */
export async function examplePickerOptions(scope: Locator): Promise<string[]> {
  const labels: string[] = [];
  const pickers = scope.locator('[data-testid="example-picker"]');
  for (let index = 0; index < (await pickers.count()); index++) {
    const picker = pickers.nth(index);
    await picker.click();
    // The open picker names its list; reading that list only avoids waiting for the last one to close.
    const list = await picker.getAttribute('aria-controls');
    if (!list) throw new Error('an example picker opened no list');
    const options = scope.page().locator(`[id="${list}"]`).getByRole('option');
    await options.first().waitFor();
    labels.push(...(await options.allInnerTexts()).map(normalise));
    await scope.page().keyboard.press('Escape');
  }
  return labels;
}
