// axe-core in Chromium: the serious and critical violations of the page as it is now.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: {
    target: string[];
    any: { data?: { fgColor?: string; bgColor?: string; contrastRatio?: number } | null }[];
  }[];
}

/** A failing element; for contrast, its colours and ratio (what a fix needs). */
function describeNode(node: Violation['nodes'][number]): string {
  const data = node.any.find((check) => check.data?.contrastRatio)?.data;
  return data
    ? `${node.target.join(' ')} [${data.fgColor} on ${data.bgColor}: ${data.contrastRatio}]`
    : node.target.join(' ');
}

/** Runs axe on the page as it is now; the serious and critical violations, one line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Through the DevTools protocol, so the page's Content-Security-Policy does not block it.
  await page.evaluate(axeSource);
  const violations = (await page.evaluate(() =>
    (window as unknown as { axe: { run(o: object): Promise<{ violations: unknown[] }> } }).axe
      .run({ resultTypes: ['violations'] })
      .then((r) => r.violations),
  )) as Violation[];
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 6).map(describeNode).join(', ')}`);
}
