#!/usr/bin/env node
// Runs the TypeScript CLI directly: tsx registers a loader for .ts and .tsx files.
import { register } from "tsx/esm/api";

register();
const { main } = await import("../src/cli.ts");
await main(process.argv);
