import { readFile } from "node:fs/promises";
import path from "node:path";
import { Command, InvalidArgumentError } from "commander";
import { BuildError } from "./generator/errors.ts";
import { isRetentionPeriod, retentionHint } from "./shared/retention.ts";

function retentionPeriod(value: string): string {
  if (!isRetentionPeriod(value)) throw new InvalidArgumentError(`a period is ${retentionHint}`);
  return value;
}

/** `12` or `12,15`: the numbers `site messages` shows. */
function messageNumbers(value: string): number[] {
  if (!/^#?\d+(,\s*#?\d+)*$/.test(value.trim())) throw new InvalidArgumentError("give the numbers `site messages` shows, e.g. 12 or 12,15");
  return value.split(",").map((number) => Number(number.trim().replace("#", "")));
}

/** The retention period the build wrote into site.json: the one `site serve` applies. */
async function builtRetention(dir: string): Promise<string> {
  const { loadManifest } = await import("./server/manifest.ts");
  try {
    return (await loadManifest(path.resolve(dir))).retention.messages;
  } catch (error) {
    throw new Error(`cannot tell the retention period: pass --older-than 2y, or build the site (or name it with --dir)`, { cause: error });
  }
}

function port(value: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0 || number > 65535) throw new InvalidArgumentError("a port is a whole number from 0 to 65535");
  return number;
}

/** Prints an error with its causes, for people; exits non-zero. */
export function reportError(error: unknown): void {
  if (error instanceof BuildError) console.error(error.message);
  else {
    let current: unknown = error;
    const lines: string[] = [];
    while (current) {
      lines.push(current instanceof Error ? (lines.length ? `  caused by: ${current.message}` : `error: ${current.message}`) : String(current));
      current = current instanceof Error ? current.cause : undefined;
    }
    console.error(lines.join("\n"));
  }
  process.exitCode = 1;
}

export async function main(argv: string[]): Promise<void> {
  const pkg = JSON.parse(await readFile(new URL("../package.json", import.meta.url), "utf8")) as { version: string };
  const program = new Command()
    .name("site")
    .description("Builds, previews and serves the locksmith's website in five languages.")
    .version(pkg.version)
    .showHelpAfterError();

  program
    .command("build")
    .description("Render every page of every language to plain HTML in the output folder.")
    .option("-o, --out <dir>", "output folder", "dist")
    .option("--root <dir>", "the site folder (site.config.yml, locales/, content/)", ".")
    .option("--if-needed", "skip the build when the output was made from exactly the current sources, settings and packages")
    .option("--force", "make every page anew, ignoring what earlier builds left in the cache (.cache/build/)")
    .option("--timings", "print where the time went, stage by stage")
    .addHelpText("after", "\nExamples:\n  $ site build\n  $ SITE_ORIGIN=https://staging.example.gr site build --out /tmp/staging")
    .action(async (options: { out: string; root: string; ifNeeded?: boolean; force?: boolean; timings?: boolean }) => {
      const { build, summarize } = await import("./generator/build.ts");
      if (options.ifNeeded) {
        const { isBuildFresh } = await import("./generator/freshness.ts");
        if (await isBuildFresh(options.root, options.out, process.env)) {
          console.log(`${options.out}/ is up to date.`);
          return;
        }
      }
      const { stopBuildOnSignals } = await import("./generator/stop-build.ts");
      const signals = stopBuildOnSignals(options.out, path.resolve(options.root, options.out));
      try {
        const result = await build({ root: options.root, outDir: options.out, force: options.force });
        const stopped = await signals.end();
        if (stopped === "exiting") return;
        if (stopped) {
          console.error(stopped.line);
          process.exitCode = stopped.code;
          return;
        }
        console.log(summarize(result));
        if (options.timings) {
          console.log(`Started in ${Math.round(performance.now() - result.milliseconds)} ms; then, in ms (pages a stage runs for add up):`);
          for (const [stage, ms] of result.timings.stages()) console.log(`  ${stage.padEnd(20)} ${Math.round(ms).toString().padStart(6)}`);
        }
      } catch (error) {
        // Stopped by a signal: its handler says so and exits.
        if ((await signals.end()) !== "exiting") reportError(error);
      }
    });

  program
    .command("dev")
    .description("Build, serve and rebuild on every change, reloading the open browser tab.")
    .option("-p, --port <port>", "port to listen on", port, 3000)
    .option("--host <host>", "address to listen on", "localhost")
    .option("--root <dir>", "the site folder", ".")
    .addHelpText("after", "\nExample:\n  $ site dev --port 4000")
    .action(async (options: { port: number; host: string; root: string }) => {
      const { startDev } = await import("./generator/dev.ts");
      try {
        await startDev(options);
      } catch (error) {
        reportError(error);
      }
    });

  program
    .command("serve")
    .description("Serve the built site in production, with the contact form's endpoint.")
    .option("-p, --port <port>", "port to listen on (or PORT)", port)
    .option("--host <host>", "address to listen on (or HOST)")
    .option("-d, --dir <dir>", "the built site", "dist")
    .addHelpText("after", "\nExamples:\n  $ site serve\n  $ PORT=8080 HOST=0.0.0.0 site serve")
    .action(async (options: { port?: number; host?: string; dir: string }) => {
      const { startServer } = await import("./server/serve.ts");
      try {
        await startServer({
          dir: options.dir,
          port: options.port ?? (process.env.PORT ? port(process.env.PORT) : 3000),
          host: options.host ?? process.env.HOST ?? "localhost",
        });
      } catch (error) {
        reportError(error);
      }
    });

  const make = program
    .command("new")
    .description("Make new content from a template: `site new post <slug>` writes a blog post.")
    .addHelpText("after", "\nWhat it can make:\n  post    a blog post: content/blog/<slug>/<code>.md in each language, as a draft")
    .action(() => make.help());

  make
    .command("post <slug>")
    .description("Write a new blog post as a draft, with its front matter complete but for the texts to fill, and print its files and URLs.")
    .option("--lang <codes>", "the languages to write it in, comma-separated (el, en, de, fr, ru); all by default", (value: string) =>
      value
        .split(",")
        .map((code) => code.trim())
        .filter(Boolean),
    )
    .option("--category <category>", "its category: cars, locks, doors, security, maintenance or keys")
    .option("--root <dir>", "the site folder", ".")
    .addHelpText("after", "\nExamples:\n  $ site new post winter-car-lockout --category cars\n  $ site new post spare-key-box --lang el,en --category keys")
    .action(async (slug: string, options: { lang?: string[]; category?: string; root: string }) => {
      const { createPost, NewPostError } = await import("./generator/new-post.ts");
      try {
        const { files, urls } = await createPost({ root: options.root, slug, langs: options.lang, category: options.category });
        console.log(
          `Wrote ${files.length} file${files.length > 1 ? "s" : ""}, a draft: fill in the lines marked TO FILL, then remove "draft: true" to publish.`,
        );
        for (const file of files) console.log(`  ${file}`);
        console.log("Once published, the post will be at:");
        for (const url of urls) console.log(`  ${url}`);
        console.log("Until then, `site dev` shows it, marked as a draft.");
      } catch (error) {
        if (error instanceof NewPostError) {
          console.error(`error: ${error.message}`);
          process.exitCode = 1;
        } else reportError(error);
      }
    });

  program
    .command("config-schema")
    .description("Print the JSON Schema of site.config.yml, which editors use to check and complete it.")
    .addHelpText("after", "\nExample:\n  $ site config-schema > site.config.schema.json   (npm run schema)")
    .action(async () => {
      const { configJsonSchema } = await import("./shared/config.ts");
      process.stdout.write(`${JSON.stringify(configJsonSchema(), null, 2)}\n`);
    });

  program
    .command("messages")
    .description("List the contact form's messages kept by `site serve` (in SITE_DATA_DIR, ./data by default), or delete the old ones.")
    .option("--unsent", "only the messages not yet e-mailed")
    .option("--json", "print a JSON array instead of text")
    .option("--data-dir <dir>", "the server's data folder (or SITE_DATA_DIR)")
    .option("--purge", "delete the messages older than the retention period, e-mailed or not, and say how many")
    .option("--older-than <period>", "with --purge: a number and d, w, m or y (default: retention.messages of the built site)", retentionPeriod)
    .option("-d, --dir <dir>", "with --purge: the built site whose retention period applies", "dist")
    .option(
      "--delete <numbers>",
      "delete these messages now, e-mailed or not (the numbers the list shows, comma-separated): a visitor's request for erasure",
      messageNumbers,
    )
    .addHelpText(
      "after",
      "\nExamples:\n  $ site messages\n  $ SITE_DATA_DIR=/var/lib/locksmith site messages --unsent\n  $ site messages --json > messages.json\n  $ site messages --purge\n  $ site messages --purge --older-than 18m\n  $ site messages --delete 12,15",
    )
    .action(async (options: { unsent?: boolean; json?: boolean; dataDir?: string; purge?: boolean; olderThan?: string; dir: string; delete?: number[] }) => {
      const { deleteMessages, listMessages, purgeMessages } = await import("./server/messages.ts");
      try {
        if (options.olderThan && !options.purge) throw new Error("--older-than goes with --purge: site messages --purge --older-than 2y");
        if (options.delete && options.purge) throw new Error("--delete and --purge are two ways to delete: use one at a time");
        if (options.delete) {
          const { text, missing } = deleteMessages({ dataDir: options.dataDir, ids: options.delete });
          process.stdout.write(text);
          if (missing.length) throw new Error(`no message ${missing.map((id) => `#${id}`).join(", ")} in the store: \`site messages\` lists the numbers`);
          return;
        }
        if (!options.purge) return void process.stdout.write(listMessages(options));
        const olderThan = options.olderThan ?? (await builtRetention(options.dir));
        process.stdout.write(purgeMessages({ dataDir: options.dataDir, olderThan }));
      } catch (error) {
        reportError(error);
      }
    });

  await program.parseAsync(argv);
}
