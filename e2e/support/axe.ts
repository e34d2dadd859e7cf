import AxeBuilder from '@axe-core/playwright';
import { test, type Page } from '@playwright/test';

/** The WCAG levels the product promises (ARCHITECTURE.md: each page visited gets an axe check). */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING_IMPACTS: ReadonlySet<string> = new Set(['serious', 'critical']);

export interface AccessibilityScope {
  /** Names the page or state in the failure message, e.g. 'sign-in page'. */
  label?: string;
  /** Only check inside this selector (e.g. an open dialog). */
  include?: string;
  /** Leave these selectors out, e.g. third-party widgets the product does not control. */
  exclude?: string[];
}

interface Violation {
  id: string;
  impact?: string | null;
  help: string;
  helpUrl: string;
  nodes: { target: unknown[]; html?: string; failureSummary?: string }[];
}

const HTML_SHOWN = 240;

/** The element's selector, its markup (shortened) and axe's reason, so a failure names what a person would see. */
function describeNode(node: Violation['nodes'][number]): string[] {
  const lines = [`  at ${node.target.map(String).join(' >> ')}`];
  if (node.html) lines.push(`     ${node.html.slice(0, HTML_SHOWN)}`);
  if (node.failureSummary)
    lines.push(...node.failureSummary.split('\n').map((line) => `     ${line.trim()}`));
  return lines;
}

/** One readable block per violation: rule id, impact, help and every offending element's selector. */
export function describeViolations(violations: readonly Violation[]): string {
  return violations
    .map((violation) => {
      return [
        `- ${violation.id} [${violation.impact ?? 'unknown impact'}]: ${violation.help}`,
        `  ${violation.helpUrl}`,
        ...violation.nodes.flatMap((node) => describeNode(node)),
      ].join('\n');
    })
    .join('\n');
}

const SETTLE_TIMEOUT_MS = 3_000;

/**
 * Waits (boundedly) for running CSS animations and transitions to finish: axe measures colours as they are at that
 * instant, so a toast fading in would read as low contrast although a person sees it settled.
 */
async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async (timeout) => {
    const running = document.getAnimations().map((animation) => animation.finished.catch(() => undefined));
    await Promise.race([Promise.all(running), new Promise((resolve) => setTimeout(resolve, timeout))]);
  }, SETTLE_TIMEOUT_MS);
}

/**
 * Runs axe on the page once its animations have settled and fails on serious or critical WCAG 2.1 A/AA violations.
 * Minor and moderate findings are attached to the test report without failing it.
 */
export async function expectAccessible(page: Page, context?: string | AccessibilityScope): Promise<void> {
  const scope = typeof context === 'string' ? { label: context } : (context ?? {});
  const label = scope.label ?? new URL(page.url()).pathname;
  await test.step(`accessibility check: ${label}`, async () => {
    // A toast may start fading out while axe reads it, and would read as low contrast: under reduced motion nothing
    // fades (it is shown, or gone at once), and the page is read as a person who asked for that sees it.
    const reducedAlready = await page.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches);
    if (!reducedAlready) await page.emulateMedia({ reducedMotion: 'reduce' });
    await settleAnimations(page);
    let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
    if (scope.include) builder = builder.include(scope.include);
    for (const selector of scope.exclude ?? []) builder = builder.exclude(selector);
    const results = await builder.analyze();
    if (!reducedAlready) await page.emulateMedia({ reducedMotion: null });

    if (results.violations.length > 0) {
      await test.info().attach(`axe violations (${label})`, {
        body: JSON.stringify(results.violations, null, 2),
        contentType: 'application/json',
      });
    }
    const blocking = results.violations.filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ''));
    if (blocking.length > 0) {
      throw new Error(
        `${blocking.length} serious or critical accessibility violation(s) on ${label} (${page.url()}):\n` +
          describeViolations(blocking),
      );
    }
  });
}
