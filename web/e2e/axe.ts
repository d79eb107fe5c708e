import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, Result } from 'axe-core';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeSummary {
  violations: Result[];
  /** The violations a user is most likely to be blocked by: what the tests refuse. */
  serious: Result[];
  passes: number;
}

/** The transitioned properties that change a text's contrast. */
const CONTRAST_PROPERTIES = ['color', 'background-color', 'border-color', 'opacity', 'fill', 'stroke', 'filter'];

/**
 * Runs axe-core in the page. The source goes in through the devtools protocol: a <script> tag
 * would be an inline script, which the app's Content-Security-Policy rightly refuses.
 */
export async function runAxe(page: Page): Promise<AxeSummary> {
  // Colours mid-transition (a button just pressed, fading from secondary to primary) are neither
  // state's: axe would measure a contrast no one settles on. Only transitions of what contrast is
  // made of are waited for: the landing page's tilt cards move (transform) every 50 ms for good,
  // and a spinner is an animation, not a transition.
  await page.waitForFunction(
    (properties) =>
      document
        .getAnimations()
        .every((a) => !(a instanceof CSSTransition) || !properties.includes(a.transitionProperty) || a.playState !== 'running'),
    CONTRAST_PROPERTIES,
  );
  // Once a document: a page reached inside the app keeps the axe its first page was given.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const results = await page.evaluate(() => (window as unknown as { axe: { run(): Promise<AxeResults> } }).axe.run());
  return {
    violations: results.violations,
    serious: results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'),
    passes: results.passes.length,
  };
}

/** One line per violation and its first offending elements, for failure messages and reports. */
export function describeViolations(violations: Result[]): string[] {
  return violations.map(
    (v) =>
      `${v.impact ?? 'unknown'} ${v.id}: ${v.help} (${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(', ')})`,
  );
}
