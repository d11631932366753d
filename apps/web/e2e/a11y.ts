import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.1 levels A and AA: the bar every screen of the product is held to. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Impacts that fail a journey; minor and moderate findings are printed but do not fail it. */
const BLOCKING = new Set(['serious', 'critical']);

/**
 * Runs axe on what the page shows now (open dialogs included) and fails the test with every serious or
 * critical violation spelled out, so a failure says what to fix without opening a trace.
 */
export async function expectAccessible(page: Page, name: string) {
  // Let entry animations settle: mid-fade colours would be measured as low contrast.
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const blocking = violations.filter((v) => BLOCKING.has(v.impact ?? ''));
  const report = blocking
    .map((v) => {
      const targets = v.nodes.map((n) => `    ${n.target.join(' ')}${n.failureSummary ? `\n      ${n.failureSummary.replace(/\n/g, '\n      ')}` : ''}`);
      return `  ${v.id} (${v.impact}): ${v.help}\n${targets.join('\n')}`;
    })
    .join('\n');
  // Soft: one journey reports every screen that fails, not only the first.
  expect.soft(blocking.length, `${name}: serious or critical accessibility violations\n${report}`).toBe(0);
}
