// gray-matter without the YAML parser it loads for itself. It is asked only where a document's
// front matter block is (yaml-source.ts reads the YAML, with positions); its own YAML engine,
// js-yaml 3, which loads esprima, is never called, and loading them was some 28 ms of every build
// that reads a document (a CPU profile of the real site's cold build). An entry of Node's module
// cache, which a module may add (https://nodejs.org/api/modules.html#requirecache), stands in for it.
import Module, { createRequire } from "node:module";
import type grayMatter from "gray-matter";

const require = createRequire(import.meta.url);
const itsYaml = createRequire(require.resolve("gray-matter")).resolve("js-yaml");
// Only its own copy (js-yaml 3, under gray-matter/node_modules/), never one the site's code loads.
if (itsYaml !== require.resolve("js-yaml") && !require.cache[itsYaml]) {
  const notUsed = () => {
    throw new Error("gray-matter's own YAML engine is not used: the front matter is read by yaml-source.ts");
  };
  const standIn = new Module(itsYaml);
  standIn.filename = itsYaml;
  standIn.loaded = true;
  standIn.exports = { safeLoad: notUsed, safeDump: notUsed };
  require.cache[itsYaml] = standIn;
}

export const matter = require("gray-matter") as typeof grayMatter;
