import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import { promisify } from "node:util";
import { expect, test } from "vitest";
import { useBuiltSite } from "../support/fixture-site.ts";

const run = promisify(execFile);
const vnu = createRequire(import.meta.url)("vnu-jar") as string;

/**
 * The checker's CSS validator predates some CSS that every current browser supports; these
 * messages are about valid CSS that Tailwind emits, not about the HTML. Anything else fails.
 */
const cssValidatorGaps = [
  /Unrecognized at-rule “@property”/,
  /Unrecognized at-rule “@starting-style”/,
  /Property “margin-trim” doesn't exist/,
  /“--tw-[a-z-]+” is not a “transition-property” value/,
];

const site = useBuiltSite({ GA_MEASUREMENT_ID: "G-TEST12345", RECAPTCHA_SITE_KEY: "6LeTestSiteKeyForE2eOnly00000000000000000" });

test("every page of every language is valid HTML (W3C Nu HTML Checker)", { timeout: 120_000 }, async () => {
  const checked = await run("java", ["-jar", vnu, "--errors-only", "--format", "json", "--skip-non-html", site.out], { maxBuffer: 64 * 1024 * 1024 }).catch(
    (error: { stdout: string; stderr: string }) => error,
  );
  const report = JSON.parse(checked.stderr || checked.stdout || '{"messages":[]}') as {
    messages: { type: string; url: string; message: string; lastLine?: number }[];
  };
  const errors = report.messages
    .filter((message) => message.type === "error" && !cssValidatorGaps.some((gap) => gap.test(message.message)))
    .map((message) => `${message.url.replace(`file:${site.out}/`, "")}:${message.lastLine ?? 0}: ${message.message}`);
  expect(errors).toEqual([]);
  expect(report.messages.length).toBeGreaterThan(0); // the checker did read the pages (and met the CSS above)
});
