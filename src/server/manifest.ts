import { readFile } from "node:fs/promises";
import path from "node:path";
import { defaultLanguage, languages } from "../shared/languages.ts";

/** The keys of the endpoint's answers, as the build writes them into site.json. */
export const messageKeys = ["success", "failure", "recaptcha", "required", "email", "tooLong", "invalid", "rateLimited"] as const;
export type MessageKey = (typeof messageKeys)[number];

/** What `site serve` reads from the build's site.json. */
export interface Manifest {
  origin: string;
  endpoint: string;
  recaptcha: boolean;
  languages: { url: string; code: string }[];
  headers: Record<string, string>;
  messages: Record<string, Record<MessageKey, string>>;
  /** The contact page per language code, e.g. `{ el: "/gr/contact" }`. */
  contactPages: Record<string, string>;
}

/** Reads and checks `<dir>/site.json`; the error says what to do when it is missing or stale. */
export async function loadManifest(dir: string): Promise<Manifest> {
  const file = path.join(dir, "site.json");
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(file, "utf8"));
  } catch (cause) {
    throw new Error(`${file} is missing or unreadable; run \`site build\` first`, { cause });
  }
  const problems: string[] = [];
  const object = (raw ?? {}) as Partial<Manifest>;
  if (typeof object.endpoint !== "string" || !object.endpoint.startsWith("/")) problems.push(`"endpoint" must be a path such as /send-mail.php`);
  if (typeof object.origin !== "string") problems.push(`"origin" must be a URL`);
  if (!object.headers || typeof object.headers !== "object") problems.push(`"headers" must be an object`);
  if (!Array.isArray(object.languages) || object.languages.length === 0) problems.push(`"languages" must list the site's languages`);
  const messages = (object.messages ?? {}) as Record<string, Record<string, unknown>>;
  for (const { code } of object.languages ?? [])
    for (const key of messageKeys) if (typeof messages[code]?.[key] !== "string") problems.push(`"messages.${code}.${key}" is missing`);
  if (problems.length) throw new Error(`${file}: ${problems.join("; ")}; rebuild the site with \`site build\``);
  const contactPages = Object.fromEntries(object.languages!.map(({ url, code }) => [code, object.contactPages?.[code] ?? `/${url}/contact`]));
  return { ...(object as Manifest), recaptcha: Boolean(object.recaptcha), contactPages };
}

/** The language of an answer: the form's `lang` code if the site has it, else the Referer's first segment, else the default. */
export function pickLanguage(manifest: Manifest, code: string | undefined, referer: string | undefined): { url: string; code: string } {
  const byCode = code ? manifest.languages.find((language) => language.code === code) : undefined;
  if (byCode) return byCode;
  if (referer) {
    let segment = "";
    try {
      segment = new URL(referer, "http://localhost").pathname.split("/")[1] ?? "";
    } catch {
      // An unparsable Referer tells nothing.
    }
    const byUrl = manifest.languages.find((language) => language.url === segment);
    if (byUrl) return byUrl;
  }
  return manifest.languages.find((language) => language.code === defaultLanguage.code) ?? manifest.languages[0] ?? languages[0]!;
}
