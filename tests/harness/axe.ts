import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** axe-core's browser bundle, injected through the debugging protocol (page.evaluate), which the
 * page's Content-Security-Policy does not block as it would a script tag. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** What the gate checks: WCAG 2.0 and 2.1 A and AA, and axe's best practices; a finding fails it
 * when its impact is critical or serious. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const FAILING = new Set(['critical', 'serious']);

/** One failing node: the rule, its impact, the node's selector and axe's summary of why. */
export type AxeFinding = { rule: string; impact: string; target: string; summary: string };

/** Runs axe on the page as it stands (the open dialog included) and returns its critical and
 * serious findings, one per node. */
export async function axeFindings(page: Page): Promise<AxeFinding[]> {
  // A dialog or menu still fading in would be measured half transparent: wait for CSS transitions
  // (not the endless animations of spinners) to finish.
  await page
    .waitForFunction(() => !document.querySelector('[data-transition]') && document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'), null, { timeout: 3_000, polling: 50 })
    .catch(() => {});
  const injected = await page.evaluate(() => 'axe' in window);
  if (!injected) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (tags) => {
    type Result = { id: string; impact: string | null; nodes: { target: unknown[]; failureSummary?: string; impact?: string | null }[] };
    const axe = (window as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<{ violations: Result[] }> } }).axe;
    const { violations } = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => ({ target: n.target.map(String).join(' '), impact: n.impact ?? v.impact, summary: (n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 200) })) }));
  }, AXE_TAGS);
  return violations.flatMap((v) => v.nodes.filter((n) => FAILING.has(n.impact ?? '')).map((n) => ({ rule: v.id, impact: n.impact ?? '', target: n.target, summary: n.summary })));
}

/** Findings counted by rule: 'rule (impact): N nodes on M screens'. */
export function axeSummary(findings: (AxeFinding & { screen: string })[]): string[] {
  const byRule = new Map<string, { impact: string; nodes: number; screens: Set<string> }>();
  for (const f of findings) {
    const entry = byRule.get(f.rule) ?? { impact: f.impact, nodes: 0, screens: new Set<string>() };
    entry.nodes++;
    entry.screens.add(f.screen);
    byRule.set(f.rule, entry);
  }
  return [...byRule].sort((a, b) => b[1].nodes - a[1].nodes).map(([rule, e]) => `${rule} (${e.impact}): ${e.nodes} nodes on ${e.screens.size} screens`);
}
