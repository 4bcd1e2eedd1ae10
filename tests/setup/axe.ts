/** axe-core, run in a Chromium page: what it finds wrong with the page as it is now, with its default rules. */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

type Violation = { id: string; impact: string; help: string; nodes: { target: string[]; failureSummary: string }[] };

/** Runs axe in the page (through the DevTools protocol, so the page's CSP stays as it is) and lists what it found. */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (context: Document, options: object) => Promise<{ violations: Violation[] }> };
      }
    ).axe;
    return (await axe.run(document, { resultTypes: ["violations"] })).violations;
  });
  return violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} (${violation.impact}): ${violation.help} at ${node.target.join(" ")}: ${node.failureSummary}`,
    ),
  );
}
