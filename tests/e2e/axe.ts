import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "@playwright/test";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const tags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

interface Violation {
  id: string;
  impact: string;
  nodes: { target: string[] }[];
}

/**
 * Loads axe-core into every document the page opens from now on (as a script of the browser's
 * own, which the site's Content-Security-Policy does not govern), so each check only runs it.
 */
export async function installAxe(page: Page): Promise<void> {
  await page.addInitScript(axeSource);
}

/** The WCAG 2.2 A and AA violations on the page as it is now, one line each. */
export async function axeViolations(page: Page, label = new URL(page.url()).pathname): Promise<string[]> {
  const violations = await page.evaluate(
    (values) =>
      (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: Violation[] }> } }).axe
        .run(document, { runOnly: { type: "tag", values }, resultTypes: ["violations"] })
        .then((results) => results.violations),
    tags,
  );
  return violations.map(
    (violation) =>
      `${label}: ${violation.id} (${violation.impact}) ${violation.nodes
        .map((node) => node.target.join(" "))
        .slice(0, 3)
        .join(", ")}`,
  );
}
