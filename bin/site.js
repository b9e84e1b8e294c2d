#!/usr/bin/env node
// The Node.js version is checked before anything is imported: the sources use what Node 24 has
// (node:sqlite, type stripping), and an older Node would fail with a module error instead.
const required = 24;
const found = process.versions.node;
if (Number(found.split(".")[0]) < required) {
  console.error(
    `site needs Node.js ${required} or newer, and this is Node.js ${found}: run it through npm (npm run build, npm start), which uses the Node.js ${required} the project installs, or install Node.js ${required} LTS from https://nodejs.org.`,
  );
  process.exit(1);
}

// React renders the pages at build time: its production build is several times faster.
process.env.NODE_ENV ??= "production";

// Modules compiled once are kept by V8 as bytecode (a read-only install simply goes without).
const { enableCompileCache } = await import("node:module");
enableCompileCache?.(new URL("../node_modules/.cache/site-cli/v8", import.meta.url).pathname);

const { loadCli } = await import("./compiled-cli.js");
const { main } = await loadCli();
await main(process.argv);
