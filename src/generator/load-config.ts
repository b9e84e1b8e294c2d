import { readFile } from "node:fs/promises";
import yaml from "js-yaml";
import { BuildError, ProblemList, lineOf } from "./errors.ts";

export interface AddressParts {
  street: string;
  town: string;
  region: string;
}

export interface Package {
  cylinder: string;
  price: number;
  oldPrice: number;
  popular: boolean;
}

export interface SiteConfig {
  brand: string;
  legalName: string;
  registryNumber: string;
  vatNumber: string;
  phone: string;
  whatsapp: string;
  viber: string;
  email: string;
  address: AddressParts & {
    number: string;
    postalCode: string;
    country: string;
    localized: Record<string, Partial<AddressParts>>;
  };
  geo: { latitude: number; longitude: number };
  hours: { opens: string; closes: string };
  foundingYear: number;
  sinceYear: number;
  origin: string;
  analytics: { measurementId: string };
  recaptcha: { siteKey: string };
  contact: { endpoint: string };
  armoredDoorPackages: { lockMaker: string; packages: Package[] };
  missingTranslations: "error" | "warn";
}

/** Environment variables that override a config value, so one site builds for staging and production. */
export const configEnvironment = {
  SITE_ORIGIN: "origin",
  GA_MEASUREMENT_ID: "analytics.measurementId",
  RECAPTCHA_SITE_KEY: "recaptcha.siteKey",
  CONTACT_ENDPOINT: "contact.endpoint",
} as const;

type Raw = Record<string, unknown>;

/** Reads the config file, applies the environment overrides and validates every value. */
export async function loadConfig(path: string, env: NodeJS.ProcessEnv = process.env, label: (file: string) => string = (file) => file): Promise<SiteConfig> {
  const file = label(path);
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (cause) {
    throw new BuildError([{ file, message: "cannot read the config file; create it (see the README's config reference)" }], { cause });
  }
  let raw: unknown;
  try {
    raw = yaml.load(text);
  } catch (cause) {
    const mark = (cause as { mark?: { line: number }; reason?: string }).mark;
    const reason = (cause as { reason?: string }).reason ?? String(cause);
    throw new BuildError(
      [{ file, line: mark ? mark.line + 1 : undefined, message: `invalid YAML: ${reason}; check indentation and quote values that contain a colon` }],
      { cause },
    );
  }
  return validateConfig(file, text, raw, env);
}

export function validateConfig(file: string, text: string, raw: unknown, env: NodeJS.ProcessEnv = {}): SiteConfig {
  const problems = new ProblemList();
  const root: Raw = isObject(raw) ? raw : {};
  if (!isObject(raw)) problems.add(file, "the config must be a YAML mapping of keys to values");

  for (const [variable, key] of Object.entries(configEnvironment)) {
    const value = env[variable];
    if (value === undefined) continue;
    const [head, tail] = key.split(".") as [string, string | undefined];
    if (tail) root[head] = { ...(isObject(root[head]) ? root[head] : {}), [tail]: value };
    else root[head] = value;
  }

  const at = (key: string) => lineOf(text, new RegExp(`^\\s*${key}\\s*:`, "m"));
  const fail = (key: string, message: string) => problems.add(file, `${key}: ${message}`, at(key.split(".").pop()!));

  const str = (obj: Raw, path: string, opts: { optional?: boolean; pattern?: RegExp; hint?: string } = {}): string => {
    const key = path.split(".").pop()!;
    const value = obj[key];
    if (value === undefined || value === null || value === "") {
      if (!opts.optional) fail(path, `is required${opts.hint ? `; ${opts.hint}` : ""}`);
      return "";
    }
    if (typeof value !== "string" && typeof value !== "number") {
      fail(path, `must be text${opts.hint ? `; ${opts.hint}` : ""}`);
      return "";
    }
    const text = String(value).trim();
    if (opts.pattern && !opts.pattern.test(text)) fail(path, `"${text}" is not valid${opts.hint ? `; ${opts.hint}` : ""}`);
    return text;
  };
  const num = (obj: Raw, path: string, min: number, max: number, hint: string): number => {
    const value = obj[path.split(".").pop()!];
    if (typeof value !== "number" || !Number.isFinite(value) || value < min || value > max) {
      fail(path, `must be a number from ${min} to ${max}; ${hint}`);
      return min;
    }
    return value;
  };
  const obj = (parent: Raw, path: string): Raw => {
    const value = parent[path.split(".").pop()!];
    if (!isObject(value)) {
      fail(path, "must be a mapping (indented keys below it)");
      return {};
    }
    return value;
  };

  const phonePattern = /^\+?[0-9 ()-]{6,20}$/;
  const phoneHint = 'write it in international form, e.g. "+30 27520 12345"';
  const timeHint = 'use 24-hour HH:MM, e.g. "08:00"';
  const time = /^([01]\d|2[0-3]):[0-5]\d$/;

  const address = obj(root, "address");
  const geo = obj(root, "geo");
  const hours = obj(root, "hours");
  const analytics = isObject(root.analytics) ? root.analytics : {};
  const recaptcha = isObject(root.recaptcha) ? root.recaptcha : {};
  const contact = isObject(root.contact) ? root.contact : {};
  const armored = obj(root, "armoredDoorPackages");

  const localized: Record<string, Partial<AddressParts>> = {};
  if (address.localized !== undefined) {
    if (!isObject(address.localized)) fail("address.localized", "must map a language code (el, en, ...) to street/town/region");
    else
      for (const [code, parts] of Object.entries(address.localized)) {
        if (!isObject(parts)) fail(`address.localized.${code}`, "must be a mapping with street, town or region");
        else localized[code] = { ...(parts as Partial<AddressParts>) };
      }
  }

  const rawPackages = Array.isArray(armored.packages) ? armored.packages : [];
  if (!Array.isArray(armored.packages) || rawPackages.length === 0) fail("armoredDoorPackages.packages", "must list the packages (cylinder, price, oldPrice)");
  const packages = rawPackages.map((item: unknown, index) => {
    const entry: Raw = isObject(item) ? item : {};
    const path = `armoredDoorPackages.packages[${index}]`;
    return {
      cylinder: str(entry, `${path}.cylinder`),
      price: num(entry, `${path}.price`, 1, 100000, "the price in euro, VAT included"),
      oldPrice: num(entry, `${path}.oldPrice`, 1, 100000, "the crossed-out price in euro"),
      popular: entry.popular === true,
    };
  });

  const missing = root.missingTranslations ?? "error";
  if (missing !== "error" && missing !== "warn") fail("missingTranslations", `"${String(missing)}" is not allowed; use "error" or "warn"`);
  const endpoint =
    str(contact, "contact.endpoint", { optional: true, pattern: /^\/[A-Za-z0-9._~/-]*$/, hint: 'a path on this site such as "/send-mail.php"' }) ||
    "/send-mail.php";

  const config: SiteConfig = {
    brand: str(root, "brand"),
    legalName: str(root, "legalName"),
    registryNumber: str(root, "registryNumber", { optional: true, pattern: /^\d{6,14}$/, hint: "the ΓΕΜΗ number, digits only" }),
    vatNumber: str(root, "vatNumber", { optional: true, pattern: /^\d{9}$/, hint: "the ΑΦΜ, nine digits" }),
    phone: str(root, "phone", { pattern: phonePattern, hint: phoneHint }),
    whatsapp: str(root, "whatsapp", { optional: true, pattern: phonePattern, hint: phoneHint }),
    viber: str(root, "viber", { optional: true, pattern: phonePattern, hint: phoneHint }),
    email: str(root, "email", { pattern: /^[^\s@]+@[^\s@]+\.[^\s@]+$/, hint: "e.g. info@example.com" }),
    address: {
      street: str(address, "address.street"),
      number: str(address, "address.number"),
      postalCode: str(address, "address.postalCode", { pattern: /^\d{3} ?\d{2}$/, hint: "five digits, e.g. 21100" }),
      town: str(address, "address.town"),
      region: str(address, "address.region", { optional: true }),
      country: str(address, "address.country", { pattern: /^[A-Z]{2}$/, hint: 'the ISO country code, e.g. "GR"' }),
      localized,
    },
    geo: {
      latitude: num(geo, "geo.latitude", -90, 90, "decimal degrees, e.g. 37.5675"),
      longitude: num(geo, "geo.longitude", -180, 180, "decimal degrees, e.g. 22.8016"),
    },
    hours: {
      opens: str(hours, "hours.opens", { pattern: time, hint: timeHint }),
      closes: str(hours, "hours.closes", { pattern: time, hint: timeHint }),
    },
    foundingYear: num(root, "foundingYear", 1900, 2100, "the year the shop opened"),
    sinceYear: num(root, "sinceYear", 1900, 2100, "the year the owner started"),
    origin: str(root, "origin", { pattern: /^https?:\/\/[^/\s]+$/, hint: 'scheme and host without a trailing slash, e.g. "https://www.example.gr"' }),
    analytics: {
      measurementId: str(analytics, "analytics.measurementId", {
        optional: true,
        pattern: /^G-[A-Z0-9]{4,16}$/,
        hint: 'a GA4 id such as "G-ABC123DEF4", or "" for none',
      }),
    },
    recaptcha: {
      siteKey: str(recaptcha, "recaptcha.siteKey", {
        optional: true,
        pattern: /^[A-Za-z0-9_-]{20,60}$/,
        hint: 'the site key from the reCAPTCHA admin console, or "" for none',
      }),
    },
    contact: { endpoint },
    armoredDoorPackages: { lockMaker: str(armored, "armoredDoorPackages.lockMaker"), packages },
    missingTranslations: missing === "warn" ? "warn" : "error",
  };
  problems.throwIfAny();
  return config;
}

function isObject(value: unknown): value is Raw {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The street address as the given language writes it: `Example Street 38, 21100 Nafplio`. */
export function formatAddress(config: SiteConfig, code: string): string {
  const local = { ...config.address, ...config.address.localized[code] };
  return `${local.street} ${config.address.number}, ${config.address.postalCode} ${local.town}`;
}

/** The chat apps the config names, with the link that opens a chat: WhatsApp and Viber. */
export function messagingLinks(config: SiteConfig): { name: string; href: string }[] {
  const digits = (phone: string) => phone.replace(/\D/g, "");
  return [
    ...(config.whatsapp ? [{ name: "WhatsApp", href: `https://wa.me/${digits(config.whatsapp)}` }] : []),
    ...(config.viber ? [{ name: "Viber", href: `viber://chat?number=%2B${digits(config.viber)}` }] : []),
  ];
}

/** `+30 690 000 0000` → `tel:+306900000000`. */
export function phoneToTel(phone: string): string {
  return `tel:${phone.replace(/[^+\d]/g, "")}`;
}
