import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { assetsFolder } from "../shared/caching.ts";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const compressible = /\.(html|js|css|xml|txt|svg|json)$/;

// Pages are many and change with every build: quality 6 keeps the build fast (5 costs as much and writes more; 11 would save about
// 1 KB a page and cost seconds). The few fingerprinted scripts get the best compression there is.
function brotliQuality(file: string): number {
  return file.startsWith(`${assetsFolder}/`) ? 11 : 6;
}

export interface OutputFile {
  path: string;
  content: string | Buffer;
}

/**
 * Writes the whole site to a fresh folder next to `outDir`, with .br and .gz beside every text
 * file, then swaps it in. A build that fails before the swap leaves the previous output untouched.
 */
export async function writeSite(outDir: string, files: OutputFile[]): Promise<{ bytes: number }> {
  const staging = `${outDir}.tmp-${process.pid}-${Date.now()}`;
  const retired = `${outDir}.old-${process.pid}-${Date.now()}`;
  let bytes = 0;
  try {
    const folders = new Set(files.map((file) => path.dirname(path.join(staging, file.path))));
    for (const folder of [...folders].sort()) await mkdir(folder, { recursive: true });
    await Promise.all(
      files.map(async (file) => {
        const target = path.join(staging, file.path);
        const content = typeof file.content === "string" ? Buffer.from(file.content) : file.content;
        bytes += content.length;
        const writes = [writeFile(target, content)];
        if (compressible.test(file.path) && content.length > 256) {
          writes.push(
            brotli(content, {
              params: { [zlib.constants.BROTLI_PARAM_QUALITY]: brotliQuality(file.path), [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length },
            }).then((data) => writeFile(`${target}.br`, data)),
            gzip(content, { level: 9 }).then((data) => writeFile(`${target}.gz`, data)),
          );
        }
        await Promise.all(writes);
      }),
    );
    const hadPrevious = await rename(outDir, retired).then(
      () => true,
      (error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return false;
        throw error;
      },
    );
    await rename(staging, outDir);
    if (hadPrevious) await rm(retired, { recursive: true, force: true });
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  return { bytes };
}
