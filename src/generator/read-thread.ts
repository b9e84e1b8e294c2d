// A second reader of Markdown documents, in a thread of its own (started by load-content.ts when
// a site has many documents to read): it reads the documents it is given while the build's own
// thread reads others, and sends back what each read gave, with its problems.
import { parentPort, workerData } from "node:worker_threads";
import type { SiteConfig } from "../shared/config.ts";
import { readOne, type ReadResult } from "./read-document.ts";

export interface ReadJob {
  /** Where the batch begins in the build's list of files. */
  first: number;
  files: { relative: string; label: string; text: string }[];
}
export type ReadReply = { first: number; reads: ReadResult[] } | { failure: { message: string; stack?: string } };

const { dir, config, drafts } = workerData as { dir: string; config: SiteConfig; drafts: boolean };
const port = parentPort!;

port.on("message", ({ first, files }: ReadJob) => {
  let reply: ReadReply;
  try {
    reply = { first, reads: files.map(({ relative, label, text }) => readOne(dir, relative, label, text, config, drafts)) };
  } catch (error) {
    const { message, stack } = error as Error;
    reply = { failure: { message, ...(stack ? { stack } : {}) } };
  }
  port.postMessage(reply);
});
