import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { BuildError } from "../../src/generator/errors.ts";
import { loadConfig } from "../../src/generator/load-config.ts";
import type { SiteConfig } from "../../src/shared/config.ts";
import { repoRoot } from "../support/servers.ts";

const written = await readFile(path.join(repoRoot, "site.config.yml"), "utf8");

/** The real config written as `bytes`; what loading it gives. */
async function loadWritten(bytes: string | Buffer): Promise<{ config?: SiteConfig; error?: string }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "site-config-"));
  try {
    const file = path.join(dir, "site.config.yml");
    await writeFile(file, bytes);
    return { config: await loadConfig(file, {}, (file) => path.relative(dir, file)) };
  } catch (error) {
    if (!(error instanceof BuildError)) throw error;
    return { error: error.message };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A text as ISO-8859-7 (the older Greek encoding) writes it: a byte a Greek letter, `?` for what it lacks. */
function iso88597(text: string): Buffer {
  return Buffer.from(
    [...text].map((char) => {
      const code = char.codePointAt(0)!;
      if (code < 0x80) return code;
      return code >= 0x0384 && code <= 0x03ce ? code - 0x02d0 : 0x3f;
    }),
  );
}

describe("site.config.yml is read as its editor saved it", () => {
  test("a byte-order mark at its start, as an editor on Windows writes it, is passed over", async () => {
    const plain = await loadWritten(written);
    const marked = await loadWritten(`\uFEFF${written}`);
    expect(marked.error).toBeUndefined();
    expect(marked.config).toEqual(plain.config);
  });

  test("a config saved in an older encoding than UTF-8 is refused at the line of its first byte that is not, never published as ���", async () => {
    const index = written.search(/[^\x00-\x7f]/);
    const before = written.slice(0, index);
    const { error } = await loadWritten(iso88597(written));
    expect(error).toBe(
      [
        `site.config.yml:${before.split("\n").length}:${index - before.lastIndexOf("\n")}: not UTF-8 text; save it as UTF-8 (your editor's encoding setting, often under Save As)`,
        "",
        "Build failed: 1 problem.",
      ].join("\n"),
    );
  });
});
