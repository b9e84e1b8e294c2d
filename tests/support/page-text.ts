import { readFile } from "node:fs/promises";
import path from "node:path";

/** The visible text of a built page: no tags, scripts or styles, entities decoded, spaces collapsed. */
export async function pageText(out: string, file: string): Promise<string> {
  const html = await readFile(path.join(out, file), "utf8");
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&nbsp;|\u00a0|\u202f/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, " ");
}
