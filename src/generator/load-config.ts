import { readFile } from "node:fs/promises";
import { configEnvironment } from "../shared/config-keys.ts";
import type { SiteConfig } from "../shared/config.ts";
import { digestOf } from "./cache-names.ts";
import { BuildError } from "./errors.ts";
import { sourceText } from "./source-text.ts";

/** Configs validated before, by a digest of their text, the overrides and the generator. */
export interface KnownConfigs {
  get(key: string): Promise<Buffer | undefined>;
  set(key: string, config: string): Promise<void>;
}

/**
 * Reads site.config.yml, applies the environment overrides and validates every value. A config
 * validated before (`known`: the same text, overrides and generator) is taken as it was, without
 * loading the YAML parser and the schema.
 */
export async function loadConfig(
  path: string,
  env: NodeJS.ProcessEnv = process.env,
  label: (file: string) => string = (file) => file,
  known?: KnownConfigs & { context: string },
): Promise<SiteConfig> {
  const file = label(path);
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (cause) {
    throw new BuildError([{ file, message: "cannot read the config file; create it (see the README's config reference)" }], { cause });
  }
  const { text, problem } = sourceText(bytes, file);
  if (problem) throw new BuildError([problem]);
  const key = digestOf(known?.context ?? "", file, text, JSON.stringify(Object.keys(configEnvironment).map((variable) => env[variable] ?? null)));
  const kept = await known?.get(key);
  if (kept) return JSON.parse(kept.toString()) as SiteConfig;
  const { validateConfig } = await import("./validate-config.ts");
  const config = validateConfig(file, text, env);
  await known?.set(key, JSON.stringify(config));
  return config;
}
