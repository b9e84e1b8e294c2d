import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { loadLocales } from "../../src/generator/load-locales.ts";
import { languages } from "../../src/shared/languages.ts";
import { outcomeMinutes } from "../../src/server/outcomes.ts";
import { messageLimit } from "../../src/server/rate-limit.ts";
import { useBuiltSite } from "../support/fixture-site.ts";
import { pageText } from "../support/page-text.ts";
import { repoRoot } from "../support/servers.ts";

const keys = { GA_MEASUREMENT_ID: "G-TEST12345", RECAPTCHA_SITE_KEY: "6LeTestSiteKeyForE2eOnly00000000000000000" };
const withGoogle = useBuiltSite(keys);
const withoutGoogle = useBuiltSite({ GA_MEASUREMENT_ID: "", RECAPTCHA_SITE_KEY: "" });
const locales = await loadLocales(path.join(repoRoot, "locales"));

describe.each(languages.map((language) => [language.url, language.code] as const))("/%s", (url, code) => {
  const t = locales.t(code);

  test("with reCAPTCHA and analytics configured, the policy names Google, the transfer and its safeguards, and the footer's consent link", async () => {
    const text = await pageText(withGoogle.out, `${url}/privacy-policy.html`);
    for (const fact of [
      "Google Ireland Limited",
      "Gordon House, Barrow Street, Dublin 4",
      "Google LLC",
      "Data Privacy Framework",
      "2023",
      "reCAPTCHA",
      "Google Analytics",
      "_ga",
    ])
      expect(text, fact).toContain(fact);
    expect(text).toContain(`${t("footer.cookies")}`);
    expect(await pageText(withGoogle.out, `${url}.html`)).toContain(t("footer.cookies"));
  });

  test("without them, it says nothing of Google and that no data leaves the EEA", async () => {
    const text = await pageText(withoutGoogle.out, `${url}/privacy-policy.html`);
    for (const absent of ["Google", "reCAPTCHA", "_ga", t("footer.cookies")]) expect(text, absent).not.toContain(absent);
    expect(text).toContain("dpa.gr");
  });

  test("the contact form says, in the page's language, that reCAPTCHA protects it and links to the policy, only where a site key is configured", async () => {
    const html = await readFile(path.join(withGoogle.out, `${url}/contact.html`), "utf8");
    const notice = /<p[^>]*data-recaptcha-notice[^>]*>([\s\S]*?)<\/p>/.exec(html)?.[1] ?? "";
    expect(notice).toContain(`href="/${url}/privacy-policy"`);
    expect(notice.replace(/<[^>]+>/g, "")).toBe(
      t("contactPage.recaptcha")
        .replace(/<\/?0>/g, "")
        .replace(/&/g, "&amp;")
        .replace(/'/g, "&#x27;"),
    );
    expect(await readFile(path.join(withoutGoogle.out, `${url}/contact.html`), "utf8")).not.toContain("data-recaptcha-notice");
  });

  test("the contact page names the languages spoken on the phone, from the config", async () => {
    const intl = languages.find((language) => language.code === code)!.intl;
    const names = new Intl.DisplayNames([intl], { type: "language" });
    // In the case the language writes them in a sentence (Greek: "ελληνικά", where Intl gives "Ελληνικά").
    const text = (await pageText(withoutGoogle.out, `${url}/contact.html`)).toLocaleLowerCase(intl);
    for (const spoken of withoutGoogle.result.config.spokenLanguages) expect(text).toContain(names.of(spoken)!.toLocaleLowerCase(intl));
  });
});

// Every other language states the same numbers and periods, section by section (legal-documents.test.ts).
test("the policy states the periods the server keeps a sender's address and a refused form's values in memory", async () => {
  const text = await pageText(withoutGoogle.out, "en/privacy-policy.html");
  expect(text).toContain(`no more than ${messageLimit.messages} messages per ${messageLimit.minutes} minutes from the same address`);
  expect(text).toContain(`for up to ${outcomeMinutes} minutes, only to show it to you again in the form`);
});
