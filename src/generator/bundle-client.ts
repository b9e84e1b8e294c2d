import { createHash } from "node:crypto";
import * as esbuild from "esbuild";
import { assetsFolder } from "../shared/caching.ts";
import { BuildError } from "./errors.ts";

export interface ClientBundle {
  /** The public URL of the script, fingerprinted: `/assets/site.3f9a1c2b.js`. */
  url: string;
  code: string;
}

/** Bundles src/client into the one small script every page shares. */
export async function bundleClient(entry: string, define: Record<string, string> = {}): Promise<ClientBundle> {
  let result: esbuild.BuildResult & { outputFiles: esbuild.OutputFile[] };
  try {
    result = await esbuild.build({
      entryPoints: [entry],
      bundle: true,
      minify: true,
      format: "esm",
      target: ["es2020", "chrome87", "firefox90", "safari15"],
      write: false,
      legalComments: "none",
      logLevel: "silent",
      define: Object.fromEntries(Object.entries(define).map(([key, value]) => [key, JSON.stringify(value)])),
    });
  } catch (cause) {
    const errors = (cause as { errors?: esbuild.Message[] }).errors ?? [];
    throw new BuildError(
      errors.length
        ? errors.map((error) => ({ file: error.location?.file ?? entry, line: error.location?.line, message: error.text }))
        : [{ file: entry, message: String(cause) }],
      { cause },
    );
  }
  const code = result.outputFiles[0]!.text;
  const hash = createHash("sha256").update(code).digest("hex").slice(0, 10);
  return { url: `/${assetsFolder}/site.${hash}.js`, code };
}
