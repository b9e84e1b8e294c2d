import { z } from "zod";
import type { PhotoPlace } from "./config-keys.ts";
import { languages, urlCodeToLanguage } from "./languages.ts";
import { retentionHint, retentionPattern } from "./retention.ts";
import { list, mapping, number, oneOf, text } from "./schema-fields.ts";

export { configEnvironment, photoPlaces, type PhotoPlace } from "./config-keys.ts";

// With + and the country code: visitors from abroad dial it from their own phones.
const phonePattern = /^\+[1-9][0-9 ()-]{5,19}$/;
const phoneHint = 'write it in international form, + and the country code first, e.g. "+30 27520 12345"';

/**
 * A value written as the link it becomes (`mailto:info@example.com`, `tel:+30...`): every link
 * would then begin with the scheme twice. Named with the value written alone.
 */
const withoutScheme =
  (key: string, scheme: string, what: string, pattern: RegExp, hint: string, quote = "") =>
  (value: string) => {
    if (!value.toLowerCase().startsWith(`${scheme}:`)) return undefined;
    const alone = value.slice(scheme.length + 1).trim();
    const fix = pattern.test(alone) ? `: ${key}: ${quote}${alone}${quote}` : `, without ${scheme}:; ${hint}`;
    return `"${value}" is not valid; write the ${what} alone${fix}`;
  };
const phone = (key: string, description: string, optional: boolean) =>
  text({ description, optional, pattern: phonePattern, hint: phoneHint, check: withoutScheme(key, "tel", "number", phonePattern, phoneHint, '"') });
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const languageNames = new Intl.DisplayNames(["en"], { type: "language", fallback: "none" });

/**
 * A code of a language the phone is answered in that names no language (`xx`), or another's
 * (`gr`, the site's address for Greek), or that is written otherwise (`eng`, `iw`): the pages
 * compare it with their language's code, and name it in their language.
 */
function languageCodeProblem(code: string): string | undefined {
  // What is not written as a code at all is the pattern's to name.
  if (!/^[a-z]{2,3}$/.test(code)) return undefined;
  const site = urlCodeToLanguage(code);
  if (site && site.code !== code)
    return `"${code}" is not a language code: ${languageNames.of(site.code)}'s is ${site.code} (${code} is the site's address for ${languageNames.of(site.code)}); write ${site.code}`;
  if (!languageNames.of(code) || ["mis", "mul", "und", "zxx"].includes(code))
    return `"${code}" is not a language code; write one such as el, en, de, fr, it or ru`;
  const canonical = Intl.getCanonicalLocales(code)[0]!;
  return /^[a-z]{2,3}$/.test(canonical) && canonical !== code ? `"${code}" is another form of the code ${canonical}; write ${canonical}` : undefined;
}

const timePattern = /^([01]\d|2[0-3]):[0-5]\d$/;
const timeHint = 'use 24-hour HH:MM, e.g. "08:00"';

const addressParts = {
  street: text({ description: "The street, without the number." }),
  town: text({ description: "The town." }),
  region: text({ description: "The region (Argolida).", optional: true }),
};

const localizedParts = mapping(
  {
    street: text({ description: "The street as this language writes it.", optional: true }),
    town: text({ description: "The town as this language writes it.", optional: true }),
    region: text({ description: "The region as this language writes it.", optional: true }),
  },
  "The street, town or region as one language writes them.",
);

/**
 * The brand as each language writes it. One name (`brand: Nafplio Locksmith`) stands for every
 * language; a mapping must name every language of the site, so no page shows another's brand.
 */
const brandByLanguage = mapping(
  Object.fromEntries(
    languages.map((language) => [
      language.code,
      text({
        description: `The brand on the ${language.label} pages (${language.code}).`,
        hint: "write the brand in every language of the site, or one name for all",
      }),
    ]),
  ),
  "The business name per language (el, en, de, fr, ru), as each language's visitors search for it.",
);
const brand = z
  .preprocess(
    (value) => (typeof value === "string" || typeof value === "number" ? Object.fromEntries(languages.map((language) => [language.code, value])) : value),
    brandByLanguage,
  )
  .transform((value) => value as Record<string, string>);

/** Countries of the European Economic Area, where the policy says the host and the mail provider keep data. */
export const eeaCountries = [
  "AT",
  "BE",
  "BG",
  "HR",
  "CY",
  "CZ",
  "DK",
  "EE",
  "FI",
  "FR",
  "DE",
  "GR",
  "HU",
  "IE",
  "IT",
  "LV",
  "LT",
  "LU",
  "MT",
  "NL",
  "PL",
  "PT",
  "RO",
  "SK",
  "SI",
  "ES",
  "SE",
  "IS",
  "LI",
  "NO",
] as const;

const processor = (role: string) =>
  mapping(
    {
      name: text({ description: `The ${role}'s company name, as the privacy policy names it.` }),
      country: text({
        description: `Where the ${role} keeps the data: an ISO code of a country of the European Economic Area.`,
        pattern: new RegExp(`^(${eeaCountries.join("|")})$`),
        hint: "an EEA country code such as GR, DE or IE; the privacy policy says the data stays in the EEA, so a provider elsewhere needs a transfer safeguard written into the policy first",
      }),
    },
    `The ${role}, a processor named in the privacy policy.`,
  );

const armoredPackage = mapping(
  {
    cylinder: text({ description: "The cylinder model, e.g. ASIX P8." }),
    price: number({ description: "The price in euro, VAT included.", min: 1, max: 100000, hint: "the price in euro, VAT included" }),
    oldPrice: number({ description: "The previous price in euro, shown crossed out.", min: 1, max: 100000, hint: "the crossed-out price in euro" }),
    popular: z.boolean({ error: "must be true or false" }).default(false).meta({ description: "Marks the package as the most chosen one." }),
  },
  "One armoured-door package.",
);

/** What a photo shows, in every language of the site (its alt text). */
const photoAlt = mapping(
  Object.fromEntries(
    languages.map((language) => [
      language.code,
      text({
        description: `What the photo shows, in ${language.label} (${language.code}).`,
        hint: "describe the photo in every language of the site",
        max: 250,
      }),
    ]),
  ),
  "What the photo shows, per language (el, en, de, fr, ru).",
).transform((value) => value as Record<string, string>);

const photo = (place: string) =>
  mapping(
    {
      file: text({ description: `The photo of ${place}, from the site's folder, e.g. content/photos/van.jpg (JPEG, PNG, WebP or AVIF).` }),
      alt: photoAlt,
      example: z
        .boolean({ error: "must be true or false; true while the photo is the example one" })
        .default(false)
        .meta({ description: "true while the file is still the example photo: every build reminds you to replace it." }),
    },
    `The photo of ${place}.`,
  ).optional();

/**
 * The schema of site.config.yml: every business fact the pages show. The types of the whole
 * project derive from it, and `site config-schema` writes it as JSON Schema for editors.
 */
export const configSchema = mapping(
  {
    brand,
    legalName: text({ description: "The legal name, for the footer's legal line." }),
    registryNumber: text({ description: "The ΓΕΜΗ number.", optional: true, pattern: /^\d{6,14}$/, hint: "the ΓΕΜΗ number, digits only" }),
    vatNumber: text({ description: "The ΑΦΜ.", optional: true, pattern: /^\d{9}$/, hint: "the ΑΦΜ, nine digits" }),
    phone: phone("phone", "The number every call button dials, in international form.", false),
    whatsapp: phone("whatsapp", "A WhatsApp number, or empty.", true),
    viber: phone("viber", "A Viber number, or empty.", true),
    email: text({
      description: "The e-mail address pages link to.",
      pattern: emailPattern,
      hint: "e.g. info@example.com",
      check: withoutScheme("email", "mailto", "address", emailPattern, "e.g. info@example.com"),
    }),
    address: mapping(
      {
        ...addressParts,
        number: text({ description: "The street number." }),
        postalCode: text({ description: "The postal code.", pattern: /^\d{3} ?\d{2}$/, hint: "five digits, e.g. 21100" }),
        country: text({ description: "The ISO country code.", pattern: /^[A-Z]{2}$/, hint: 'the ISO country code, e.g. "GR"' }),
        localized: z
          .record(z.string(), localizedParts, { error: "must map a language code (el, en, ...) to street/town/region" })
          .default({})
          .meta({ description: "The street, town or region as other languages write them, by language code." }),
      },
      "The shop's address.",
    ),
    geo: mapping(
      {
        latitude: number({ description: "Latitude in decimal degrees.", min: -90, max: 90, hint: "decimal degrees, e.g. 37.5675" }),
        longitude: number({ description: "Longitude in decimal degrees.", min: -180, max: 180, hint: "decimal degrees, e.g. 22.8016" }),
      },
      "Where the shop is, for the map link and structured data.",
    ),
    hours: mapping(
      {
        opens: text({ description: "When the shop opens, HH:MM.", pattern: timePattern, hint: timeHint }),
        closes: text({ description: "When the shop closes, HH:MM.", pattern: timePattern, hint: timeHint }),
      },
      "The shop's regular hours; emergencies are answered 24/7.",
    ),
    foundingYear: number({ description: "The year the shop opened.", min: 1900, max: 2100, hint: "the year the shop opened" }),
    sinceYear: number({ description: "The year the owner started.", min: 1900, max: 2100, hint: "the year the owner started" }),
    spokenLanguages: list(
      text({ description: "A language code.", pattern: /^[a-z]{2,3}$/, hint: "a language code such as el or en", check: languageCodeProblem }),
      {
        description: "The languages the phone is answered in, as codes (el, en, de, ...): the contact page says so, and search engines are told.",
        hint: "list language codes, e.g. [el, en]",
        minItems: 1,
      },
    ),
    paymentAccepted: list(text({ description: "A way to pay." }), {
      description: "How customers can pay, as search engines are told (Cash, Credit Card).",
      hint: 'e.g. ["Cash", "Credit Card"]',
      minItems: 1,
    }),
    priceRange: text({ description: "The price range search engines show, e.g. €€.", pattern: /^.{1,10}$/, hint: 'e.g. "€€"' }),
    origin: text({
      description: "Where the site lives, for canonicals, hreflang and the sitemap.",
      pattern: /^https?:\/\/[^/\s]+$/,
      hint: 'scheme and host without a trailing slash, e.g. "https://www.example.gr"',
    }),
    analytics: mapping(
      {
        measurementId: text({
          description: "The Google Analytics 4 id; empty: no consent banner, no script.",
          optional: true,
          pattern: /^G-[A-Z0-9]{4,16}$/,
          hint: 'a GA4 id such as "G-ABC123DEF4", or "" for none',
        }),
        retention: text({
          description:
            "How long Google Analytics keeps event data, as set in its Admin > Data retention (2m, its default, or 14m): the privacy policy states it.",
          optional: true,
          pattern: /^(2|14|26|38|50)m$/,
          hint: 'the data retention set in Google Analytics: "2m" (its default) or "14m"',
        }).transform((value) => value || "2m"),
      },
      "Google Analytics 4.",
    ).default({ measurementId: "", retention: "2m" }),
    recaptcha: mapping(
      {
        siteKey: text({
          description: "The reCAPTCHA v2 site key; empty: no widget.",
          optional: true,
          pattern: /^[A-Za-z0-9_-]{20,60}$/,
          hint: 'the site key from the reCAPTCHA admin console, or "" for none',
        }),
      },
      "reCAPTCHA v2.",
    ).default({ siteKey: "" }),
    contact: mapping(
      {
        endpoint: text({
          description: "Where the contact form posts.",
          optional: true,
          pattern: /^\/[A-Za-z0-9._~/-]*$/,
          hint: 'a path on this site such as "/send-mail.php"',
        }).transform((value) => value || "/send-mail.php"),
        forward: text({
          description:
            "Where a static host forwards the form's posts: the full URL of the endpoint of a `site serve` elsewhere. The build writes the rule into _redirects, ahead of the rule that sends unknown paths to the default language (Netlify reads it; Cloudflare Pages cannot forward to another origin). Empty: the host answers at the endpoint itself.",
          optional: true,
          pattern: /^https:\/\/[^/\s]+\/\S*$/,
          hint: 'the endpoint\'s full https URL, e.g. "https://forms.example.gr/send-mail.php", or "" for none',
        }),
      },
      "The contact form.",
    ).default({ endpoint: "/send-mail.php", forward: "" }),
    retention: mapping(
      {
        messages: text({
          description: "How long a contact message is kept before the server deletes it: a number and d, w, m or y (2y: two years).",
          pattern: retentionPattern,
          hint: retentionHint,
        }),
      },
      "How long personal data is kept: the privacy policy states it, and site serve deletes what is older.",
    ).default({ messages: "2y" }),
    processors: mapping(
      { host: processor("host"), mail: processor("mail provider") },
      "Who keeps personal data on the business's behalf: the host of the site and its message store, and the mail provider that delivers the messages.",
    ),
    identityChecks: z
      .boolean({ error: "must be true or false; true if you look at an identity document and proof of ownership before opening a car or a home" })
      .meta({
        description:
          "true if, before opening a car or a home, you look at an identity document and proof of ownership or residence and keep no copy of them: the privacy policy and the terms say so.",
      }),
    armoredDoorPackages: mapping(
      {
        lockMaker: text({ description: "The lock maker's brand." }),
        packages: list(armoredPackage, {
          description: "The packages of the replace-with-new page.",
          hint: "list the packages (cylinder, price, oldPrice)",
          minItems: 1,
        }),
      },
      "The fixed armoured-door packages.",
    ),
    photos: mapping(
      { van: photo("the van (home page)"), shop: photo("the shop (about page)"), owner: photo("the owner at work (about page)") },
      "The business's own photos: the van on the home page, the shop and the owner on the about page. Leave one out to show none there.",
    ).default({}),
    missingTranslations: oneOf(["error", "warn"], "What a locale that lacks a key does: stop the build, or fall back to English and warn.").default("error"),
  },
  "The locksmith's site: business facts every page shows.",
);

export type SiteConfig = z.output<typeof configSchema>;
export type ArmoredPackage = SiteConfig["armoredDoorPackages"]["packages"][number];
export type Photo = NonNullable<SiteConfig["photos"][PhotoPlace]>;

/** The JSON Schema of site.config.yml, for editors (yaml-language-server). */
export function configJsonSchema(): object {
  const schema = z.toJSONSchema(configSchema, { io: "input", unrepresentable: "any" }) as {
    properties: Record<string, { description?: string }>;
    required: string[];
  };
  // The brand is one name or a mapping by language; the conversion sees only the mapping.
  const { description, ...byLanguage } = schema.properties.brand!;
  schema.properties.brand = { description, anyOf: [{ type: "string", description: "One name for every language." }, byLanguage] } as { description?: string };
  schema.required = ["brand", ...schema.required];
  return { ...schema, title: "site.config.yml" };
}
