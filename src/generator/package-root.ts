import path from "node:path";
import { fileURLToPath } from "node:url";

/** Where the generator's own sources live (templates, client), whatever site it builds. */
export const packageRoot = path.resolve(fileURLToPath(import.meta.url), "../../..");
