import { stat } from "node:fs/promises";
import path from "node:path";
import fg from "fast-glob";
import { packageRoot } from "./build.ts";

/** Whether `outDir` was built after the last change to any source it is made from. */
export async function isBuildFresh(root: string, outDir: string): Promise<boolean> {
  const built = await stat(path.join(root, outDir, "site.json")).then(
    (info) => info.mtimeMs,
    () => 0,
  );
  if (!built) return false;
  const sources = [
    ...(await fg(["site.config.yml", "locales/**", "content/**"], { cwd: root, absolute: true })),
    ...(await fg(["src/**", "package.json"], { cwd: packageRoot, absolute: true })),
  ];
  for (const file of sources) if ((await stat(file)).mtimeMs > built) return false;
  return true;
}
