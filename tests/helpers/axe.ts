// axe-core in a Playwright page: injects the library (once per document) and runs the WCAG 2.1
// A/AA rules plus axe's best practices, returning each violation as one readable line.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

export const AXE_PATH = createRequire(import.meta.url).resolve("axe-core/axe.min.js");
let axeSource: string | undefined;

export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"] as const;

interface AxeNode {
  target: unknown[];
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: AxeNode[];
}

/** One line per violation: rule, impact, help, and the first failing elements with their summary. */
export function formatViolation(v: AxeViolation, where = ""): string {
  const nodes = v.nodes
    .slice(0, 5)
    .map((n) => `    ${n.target.map(String).join(" > ")}\n      ${(n.failureSummary ?? "").replace(/\n\s*/g, " ")}`)
    .join("\n");
  const more = v.nodes.length > 5 ? `\n    … and ${v.nodes.length - 5} more` : "";
  return `${where ? `${where}: ` : ""}${v.id} (${v.impact ?? "n/a"}) ${v.help}\n${nodes}${more}`;
}

/**
 * Runs axe on the whole document (or a part of it) and returns the violations as readable text,
 * an empty array when there are none. `where` prefixes each line (e.g. the page's path).
 */
export async function axeViolations(page: Page, where = "", context = "document"): Promise<string[]> {
  const loaded = await page.evaluate(() => typeof (window as { axe?: unknown }).axe === "object");
  // The product's CSP (script-src 'self') refuses an injected <script> tag (addScriptTag); code
  // evaluated through the DevTools protocol is not subject to it.
  if (!loaded) await page.evaluate(`${(axeSource ??= readFileSync(AXE_PATH, "utf8"))}\n;true`);
  // Colours are judged in their final state: a section still fading in (site/FadeIn.tsx) is a
  // blend of text and background, a false contrast alarm. Two frames let a just-started
  // transition register, then every running animation and transition with an end is awaited.
  await page.evaluate(async () => {
    for (let i = 0; i < 2; i++) await new Promise((r) => requestAnimationFrame(r));
    // Endless ones (spinners) never finish and are left alone.
    const ending = document.getAnimations().filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime ?? Infinity)));
    await Promise.all(ending.map((a) => a.finished.catch(() => undefined)));
  });
  const violations = await page.evaluate(
    async ({ tags, selector }) => {
      const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: AxeViolation[] }> } }).axe;
      const ctx = selector === "document" ? document : selector;
      const result = await axe.run(ctx, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
      // Only what the formatter needs crosses back (nodes hold no DOM references then).
      return result.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
      }));
    },
    { tags: [...AXE_TAGS], selector: context },
  );
  return violations.map((v) => formatViolation(v, where));
}
