#!/usr/bin/env node
// Runs the TypeScript CLI directly: tsx registers a loader for .ts and .tsx files.
import { register } from "tsx/esm/api";

// React renders the pages at build time: its production build is several times faster.
process.env.NODE_ENV ??= "production";

register();
const { main } = await import("../src/cli.ts");
await main(process.argv);
