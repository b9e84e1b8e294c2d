import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { useBuiltSite } from "../support/fixture-site.ts";

const site = useBuiltSite();

type Json = Record<string, unknown> & { "@type": string };

async function jsonLd(file: string): Promise<Json[]> {
  const html = await readFile(path.join(site.out, file), "utf8");
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1]!) as Json);
}

const codes = { gr: "el", en: "en", de: "de", fr: "fr", ru: "ru" };
const week = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

describe.each(Object.entries(codes))("structured data in %s", (url, code) => {
  test("home, about and contact describe the Locksmith from the config", async () => {
    for (const page of [`${url}.html`, `${url}/about.html`, `${url}/contact.html`]) {
      const [business] = await jsonLd(page);
      expect(business).toMatchObject({
        "@context": "https://schema.org",
        "@type": "Locksmith",
        "@id": "https://nafplio-locksmith.example/#business",
        name: site.result.config.brand[code],
        alternateName: expect.arrayContaining(["Nafplio Locksmith", "Κλειδαράς Ναύπλιο"].filter((name) => name !== site.result.config.brand[code])),
        knowsLanguage: site.result.config.spokenLanguages,
        telephone: site.result.config.phone,
        url: `https://nafplio-locksmith.example/${url}`,
        foundingDate: "2023",
        priceRange: expect.any(String),
        address: { "@type": "PostalAddress", postalCode: "21100", streetAddress: expect.stringMatching(/ 38$/), addressCountry: "GR" },
        geo: { "@type": "GeoCoordinates", latitude: site.result.config.geo.latitude, longitude: site.result.config.geo.longitude },
        // The shop's hours, as the contact page gives them; the emergency line around the clock.
        openingHoursSpecification: [
          { "@type": "OpeningHoursSpecification", opens: site.result.config.hours.opens, closes: site.result.config.hours.closes, dayOfWeek: week },
        ],
        contactPoint: [
          {
            "@type": "ContactPoint",
            contactType: "emergency",
            telephone: site.result.config.phone,
            availableLanguage: site.result.config.spokenLanguages,
            hoursAvailable: { "@type": "OpeningHoursSpecification", opens: "00:00", closes: "23:59", dayOfWeek: week },
          },
        ],
        image: expect.stringMatching(/^https:\/\/nafplio-locksmith\.example\/.+\.jpg$/),
        areaServed: expect.arrayContaining([expect.objectContaining({ "@type": "City" })]),
      });
    }
    // One business under one @id, described alike on the three pages: as the home page describes it.
    const descriptions = await Promise.all(
      [`${url}.html`, `${url}/about.html`, `${url}/contact.html`].map(async (page) => (await jsonLd(page))[0]!.description),
    );
    const home = await readFile(path.join(site.out, `${url}.html`), "utf8");
    expect(new Set(descriptions).size).toBe(1);
    expect(home).toContain(`<meta name="description" content="${String(descriptions[0]).replace(/&/g, "&amp;").replace(/"/g, "&quot;")}"`);
  });

  test("the business's photo is one the build wrote", async () => {
    const [business] = await jsonLd(`${url}.html`);
    const file = new URL(String(business!.image)).pathname;
    await expect(readFile(path.join(site.out, file))).resolves.toBeInstanceOf(Buffer);
  });

  test("every service page has a Service and a BreadcrumbList", async () => {
    const services = site.result.pages.filter((page) => page.route.template === "service" && page.language.code === code);
    expect(services).toHaveLength(10);
    for (const page of services) {
      const [service, breadcrumbs] = await jsonLd(page.file);
      expect(service).toMatchObject({
        "@type": "Service",
        name: expect.any(String),
        provider: { "@id": "https://nafplio-locksmith.example/#business" },
      });
      expect(breadcrumbs).toMatchObject({
        "@type": "BreadcrumbList",
        itemListElement: [
          { position: 1 },
          { position: 2, item: `https://nafplio-locksmith.example/${url}/services` },
          { position: 3, item: `https://nafplio-locksmith.example${page.url}` },
        ],
      });
    }
  });

  test("every article has a BlogPosting and a BreadcrumbList", async () => {
    const articles = site.result.pages.filter((page) => page.route.template === "article" && page.language.code === code);
    expect(articles).toHaveLength(7);
    for (const page of articles) {
      const [post, breadcrumbs] = await jsonLd(page.file);
      expect(post).toMatchObject({
        "@type": "BlogPosting",
        headline: expect.any(String),
        datePublished: expect.stringMatching(/^2024-0[12]-\d\d$/),
        dateModified: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
        inLanguage: code,
        image: { "@type": "ImageObject", url: expect.stringMatching(/^https:\/\/nafplio-locksmith\.example\/.+\.(png|jpg)$/), width: 1200, height: 630 },
        author: { name: site.result.config.brand[code] },
        publisher: { "@type": "Organization", name: site.result.config.brand[code] },
      });
      expect(breadcrumbs?.["@type"]).toBe("BreadcrumbList");
      // The image is the page's link preview.
      const html = await readFile(path.join(site.out, page.file), "utf8");
      expect(html).toContain(`<meta property="og:image" content="${(post!.image as { url: string }).url}"`);
    }
  });

  test("no type carries a property schema.org does not give it", async () => {
    // inLanguage belongs to creative works (BlogPosting, FAQPage), not to a Service or an ItemList.
    const pages = site.result.pages.filter((page) => page.language.code === code && ["service", "article"].includes(page.route.template));
    for (const page of pages)
      for (const item of await jsonLd(page.file)) if (["Service", "BreadcrumbList"].includes(item["@type"])) expect(item).not.toHaveProperty("inLanguage");
  });

  test("the prices page has an FAQPage matching its visible questions", async () => {
    const [faq] = await jsonLd(`${url}/prices.html`);
    const html = await readFile(path.join(site.out, `${url}/prices.html`), "utf8");
    const entities = faq!.mainEntity as { name: string; acceptedAnswer: { text: string } }[];
    expect(faq).toMatchObject({ "@type": "FAQPage", inLanguage: code });
    expect(entities).toHaveLength(3);
    for (const entity of entities)
      expect(html).toContain(
        `<dt class="text-lg font-semibold text-slate-900">${entity.name.replace(/&/g, "&amp;").replace(/'/g, "&#x27;").replace(/"/g, "&quot;")}</dt>`,
      );
  });
});
