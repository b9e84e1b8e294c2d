import { readdirSync, readFileSync } from "node:fs";
import { appendFile, cp, mkdir, mkdtemp, readdir, readFile, rename, rm, symlink, writeFile } from "node:fs/promises";
import { once } from "node:events";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { fixtureSite } from "../support/fixture-site.ts";
import { repoRoot, runSite, startSite } from "../support/servers.ts";

/** The article the tests edit, in a copy of the fixture site. */
const articleFile = (root: string) => path.join(root, "content/blog/spare-key-importance/en.md");

/**
 * A copy of the tool itself (its CLI and sources, the installed packages linked one by one), for a
 * test that edits its sources; the compiled CLI it makes stays in the copy.
 */
async function toolCopy(): Promise<string> {
  const copy = await mkdtemp(path.join(os.tmpdir(), "site-tool-"));
  for (const entry of ["bin", "src", "package.json", "tsconfig.json"]) await cp(path.join(repoRoot, entry), path.join(copy, entry), { recursive: true });
  await mkdir(path.join(copy, "node_modules"));
  for (const entry of await readdir(path.join(repoRoot, "node_modules")))
    if (entry !== ".cache") await symlink(path.join(repoRoot, "node_modules", entry), path.join(copy, "node_modules", entry));
  return copy;
}

/** The processes whose parent is `pid`, with their arguments (Linux's /proc). */
function childrenOf(pid: number): { pid: number; args: string[] }[] {
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .flatMap((name) => {
      try {
        const stat = readFileSync(`/proc/${name}/stat`, "utf8");
        if (Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) !== pid) return [];
        return [{ pid: Number(name), args: readFileSync(`/proc/${name}/cmdline`, "utf8").split("\0") }];
      } catch {
        return [];
      }
    });
}

/** "gone" once a process has ended and been reaped, "Z" while it is a zombie, else "R" (running or sleeping). */
function processState(pid: number): "gone" | "Z" | "R" {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) === "Z" ? "Z" : "R";
  } catch {
    return "gone";
  }
}

/** `site dev` on a fresh copy of the fixture site, stopped and removed whatever the test finds. */
async function withDev(
  run: (root: string, dev: Awaited<ReturnType<typeof startSite>>) => Promise<void>,
  prepare?: (root: string) => Promise<void>,
  tool?: string,
): Promise<void> {
  const root = await fixtureSite();
  await prepare?.(root);
  const dev = await startSite(["dev", "--root", root, "--port", "0", "--host", "127.0.0.1"], {}, tool);
  try {
    await run(root, dev);
  } catch (error) {
    // What site dev printed is what says which change it saw, and when.
    console.error(`site dev's output:\n${dev.output()}`);
    throw error;
  } finally {
    // Ended before its folders are removed: on its way out it still writes (the compile cache, in a tool's copy).
    if (dev.process.exitCode === null && dev.process.signalCode === null) {
      const ended = once(dev.process, "exit");
      dev.process.kill("SIGTERM");
      await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    }
    await rm(root, { recursive: true, force: true });
  }
}

/** `site dev` of a copy of the tool (for a test that edits its sources), on a fresh copy of the fixture site. */
async function withDevOfToolCopy(
  run: (root: string, dev: Awaited<ReturnType<typeof startSite>>, tool: string) => Promise<void>,
  prepare?: (root: string) => Promise<void>,
): Promise<void> {
  const tool = await toolCopy();
  try {
    await withDev((root, dev) => run(root, dev, tool), prepare, tool);
  } finally {
    await rm(tool, { recursive: true, force: true, maxRetries: 3 });
  }
}

test.describe("site dev", () => {
  test.skip(({ isMobile }) => isMobile, "one width is enough for the watch loop");

  test("rebuilds on save, reloads the page, and shows a build error in the page while serving on", async ({ page }) => {
    test.setTimeout(90_000);
    await withDev(async (root, dev) => {
      const file = articleFile(root);
      const original = await readFile(file, "utf8");
      await page.goto(`${dev.url}/en/blog/spare-key-importance`);
      await expect(page.locator("h1")).not.toContainText("Edited");

      await writeFile(file, original.replace(/^title: .*$/m, 'title: "Edited while the page was open"'));
      await expect(page.locator("h1")).toHaveText("Edited while the page was open", { timeout: 20_000 });

      await writeFile(file, original.replace(/^category: .*$/m, "category: boats"));
      await expect(page.getByText("Build failed: the page shows the last good build.")).toBeVisible({ timeout: 20_000 });
      await expect(page.getByText('unknown category "boats"')).toBeVisible();
      expect(dev.output()).toContain('content/blog/spare-key-importance/en.md:6:11: unknown category "boats"');

      await writeFile(file, original);
      await expect(page.getByText(/^Build failed:/)).toBeHidden({ timeout: 20_000 });
      await expect(page.locator("h1")).not.toContainText("Edited");
    });
  });

  test("a save that empties the file and writes it a moment later shows what was written", async ({ page }) => {
    test.setTimeout(90_000);
    await withDev(async (root, dev) => {
      const file = articleFile(root);
      const original = await readFile(file, "utf8");
      await page.goto(`${dev.url}/en/blog/spare-key-importance`);
      // As some editors save: the file emptied, then written 15 ms later, within the 50 ms in
      // which the watcher reports a file's change once.
      for (const title of ["Written after the file was emptied", "Written again after it was emptied"]) {
        await writeFile(file, "");
        await new Promise((resolve) => setTimeout(resolve, 15));
        await writeFile(file, original.replace(/^title: .*$/m, `title: "${title}"`));
        await expect(page.locator("h1")).toHaveText(title, { timeout: 20_000 });
        await expect(page.getByText(/^Build failed:/)).toBeHidden();
      }
    });
  });

  test("the config moved away and back, or deleted and written anew, is read again, and so is every edit after it", async ({ page }) => {
    test.setTimeout(120_000);
    await withDev(async (root, dev) => {
      const config = path.join(root, "site.config.yml");
      const away = `${root}-site.config.yml`;
      const original = await readFile(config, "utf8");
      const named = (brand: string) => original.replace(/^ {2}en: Nafplio Locksmith$/m, `  en: ${brand}`);
      const missing = page.getByText("site.config.yml: cannot read the config file");
      const header = page.locator("header").first();
      try {
        await page.goto(`${dev.url}/en`);
        await expect(header).toContainText("Nafplio Locksmith");

        await rename(config, away);
        await expect(missing).toBeVisible({ timeout: 20_000 });
        await rename(away, config);
        await expect(missing).toBeHidden({ timeout: 20_000 });
        // Written in place, as most editors save.
        await writeFile(config, named("Nafplio Keys"));
        await expect(header).toContainText("Nafplio Keys", { timeout: 20_000 });

        // Restored from a backup: deleted, then written anew.
        await rm(config);
        await expect(missing).toBeVisible({ timeout: 20_000 });
        await writeFile(config, named("Nafplio Doors"));
        await expect(header).toContainText("Nafplio Doors", { timeout: 20_000 });
        await expect(missing).toBeHidden();
        await writeFile(config, original);
        await expect(header).toContainText("Nafplio Locksmith", { timeout: 20_000 });
      } finally {
        await rm(away, { force: true });
      }
    });
  });

  test("a tab whose reload channel connects only after a save still reloads to show it", async ({ page }) => {
    test.setTimeout(90_000);
    await withDev(async (root, dev) => {
      const file = articleFile(root);
      let connect!: () => void;
      const saved = new Promise<void>((resolve) => (connect = resolve));
      await page.route("**/__site/events*", async (route) => {
        await saved;
        await route.continue();
      });
      await page.goto(`${dev.url}/en/blog/spare-key-importance`);
      const versions = () => dev.output().split("made as they are asked for").length;
      const before = versions();
      await writeFile(file, (await readFile(file, "utf8")).replace(/^title: .*$/m, 'title: "Saved before the tab listened"'));
      await expect.poll(versions, { timeout: 20_000 }).toBeGreaterThan(before);
      connect();
      await expect(page.locator("h1")).toHaveText("Saved before the tab listened", { timeout: 20_000 });
    });
  });

  test("problems found in a document's text or by the whole-site check show on the page, and go when mended", async ({ page }) => {
    test.setTimeout(90_000);
    await withDev(async (root, dev) => {
      const file = articleFile(root);
      const original = await readFile(file, "utf8");
      await page.goto(`${dev.url}/en/blog/spare-key-importance`);
      const overlay = page.getByText("Build failed: the page shows the last good build.");

      // Only the text changed, with a link to a page that does not exist.
      await writeFile(file, `${original}\nSee [our gallery](route:gallery).\n`);
      await expect(overlay).toBeVisible({ timeout: 20_000 });
      await expect(page.getByText('link to unknown page "route:gallery"')).toBeVisible();
      await writeFile(file, original);
      await expect(overlay).toBeHidden({ timeout: 20_000 });

      // A title another English page has: found by the check of the whole site, after the page is shown.
      const other = (await readFile(path.join(root, "content/blog/car-lockout-nafplio/en.md"), "utf8")).match(/^title: (.*)$/m)![1]!;
      await writeFile(file, original.replace(/^title: .*$/m, `title: ${other}`));
      await expect(page.getByText(/duplicate title/)).toBeVisible({ timeout: 30_000 });
      await writeFile(file, original);
      await expect(overlay).toBeHidden({ timeout: 30_000 });
    });
  });

  test("a new post's drafts: each shows once complete, what is still to fill shows at its address, and the site is served meanwhile", async ({ request }) => {
    test.setTimeout(90_000);
    const root = await fixtureSite();
    // Started from the site's own folder, where no package is installed: the tool finds its own.
    expect((await runSite(["new", "post", "winter-car-lockout", "--category", "cars", "--root", root])).code).toBe(0);
    const dev = await startSite(["dev", "--root", root, "--port", "0", "--host", "127.0.0.1"], {}, repoRoot, root);
    try {
      for (const address of ["/en", "/en/blog", "/gr/services"]) expect((await request.get(`${dev.url}${address}`)).status(), address).toBe(200);
      const draft = async (code: string) => (await (await request.get(`${dev.url}/${code}/blog/winter-car-lockout`)).text()).replaceAll("&quot;", '"');
      expect(await draft("en")).toContain("This draft shows once it is complete. Still to fill in content/blog/winter-car-lockout/en.md:");
      expect(await draft("en")).toContain('content/blog/winter-car-lockout/en.md:2:8: missing required field "title" in the front matter');
      expect(dev.output()).toContain("Drafts shown once complete; still to fill:");

      // The English filled in: it shows, marked as a draft; the Greek still says what to fill.
      const file = path.join(root, "content/blog/winter-car-lockout/en.md");
      await writeFile(
        file,
        (await readFile(file, "utf8"))
          .replace(/^title: .*$/m, 'title: "Locked out of your car in the winter in Nafplio"')
          .replace(/^description: .*$/m, 'description: "What to do when you are locked out of your car on a cold winter night in Nafplio."')
          .replace(/^excerpt: .*$/m, 'excerpt: "Cold, dark and locked out: here is what to do."')
          .replace(/^keywords: .*$/m, 'keywords: ["winter lockout", "Nafplio"]'),
      );
      await expect.poll(() => draft("en"), { timeout: 20_000 }).toContain("<title>Locked out of your car in the winter in Nafplio</title>");
      expect(await draft("en")).toContain("Draft");
      expect(await draft("gr")).toContain("Still to fill in content/blog/winter-car-lockout/el.md:");
      expect((await request.get(`${dev.url}/en`)).status()).toBe(200);
    } finally {
      dev.process.kill("SIGTERM");
      await once(dev.process, "exit");
      await rm(root, { recursive: true, force: true });
    }
  });

  test("the page's island script and link-preview card are served, and the islands come alive", async ({ page, request }) => {
    test.setTimeout(90_000);
    await withDev(async (_root, dev) => {
      const failed: string[] = [];
      page.on("response", (response) => void (response.status() >= 400 && failed.push(`${response.status()} ${response.url()}`)));
      await page.setViewportSize({ width: 360, height: 740 });
      await page.goto(`${dev.url}/en/prices`);
      const script = await page.locator('script[type="module"][src^="/assets/islands."]').getAttribute("src");
      const served = await request.get(`${dev.url}${script}`);
      expect(served.status()).toBe(200);
      expect(served.headers()["content-type"]).toMatch(/javascript/);

      // The phone menu is an island: it opens only once its script has run.
      const toggle = page.locator("#menu-toggle");
      await toggle.click();
      await expect(toggle).toHaveAttribute("aria-expanded", "true");
      await expect(page.locator("nav#mobile-menu")).toBeVisible();

      const card = new URL((await page.locator('meta[property="og:image"]').getAttribute("content"))!).pathname;
      const image = await request.get(`${dev.url}${card}`);
      expect(image.status()).toBe(200);
      expect(image.headers()["content-type"]).toBe("image/png");
      expect(failed).toEqual([]);
    });
  });

  test("a photo dropped beside a post and a file dropped into public/ show up without a restart", async ({ page, request }) => {
    test.setTimeout(90_000);
    await withDev(async (root, dev) => {
      const folder = path.join(root, "content/blog/spare-key-importance");
      await page.goto(`${dev.url}/en/blog/spare-key-importance`);
      await expect(page.locator("main picture")).toHaveCount(0);

      await sharp({ create: { width: 900, height: 600, channels: 3, background: "#0ea5e9" } })
        .jpeg()
        .toFile(path.join(folder, "key-box.jpg"));
      const file = path.join(folder, "en.md");
      await writeFile(file, `${await readFile(file, "utf8")}\n![A key box by the door](key-box.jpg)\n`);
      const photo = page.locator('main picture img[alt="A key box by the door"]');
      await expect(photo).toHaveCount(1, { timeout: 20_000 });
      await photo.scrollIntoViewIfNeeded();
      await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);

      await mkdir(path.join(root, "public/files"), { recursive: true });
      await writeFile(path.join(root, "public/files/price-list.txt"), "Prices, 2026\n");
      const priceList = () => request.get(`${dev.url}/files/price-list.txt`, { maxRedirects: 0 });
      await expect.poll(async () => (await priceList()).status(), { timeout: 20_000 }).toBe(200);
      expect(await (await priceList()).text()).toBe("Prices, 2026\n");
    });
  });

  test("symbolic links: those to folders or to themselves are left alone; a linked content/, public/ and photo are followed", async ({ request }) => {
    test.setTimeout(90_000);
    // Followed, the links to a folder above are a loop the watcher never finishes, and the links to themselves stop it with ELOOP.
    const elsewhere = await mkdtemp(path.join(os.tmpdir(), "linked-"));
    const photo = path.join(elsewhere, "photo.jpg");
    const drawn = (background: string) =>
      sharp({ create: { width: 900, height: 600, channels: 3, background } })
        .jpeg()
        .toFile(photo);
    const links = async (root: string) => {
      // content/ and public/ kept elsewhere, as the build reads them through their links.
      await rename(path.join(root, "content"), path.join(elsewhere, "content"));
      await symlink(path.join(elsewhere, "content"), path.join(root, "content"));
      await mkdir(path.join(elsewhere, "files"));
      await symlink(path.join(elsewhere, "files"), path.join(root, "public"));
      for (const folder of [path.join(root, "content"), path.join(elsewhere, "files")]) {
        await symlink("self", path.join(folder, "self"));
        await symlink("..", path.join(folder, "up"));
      }
      // A photo kept elsewhere, linked beside the post that shows it (the build reads it through the link).
      await drawn("#0ea5e9");
      await symlink(photo, path.join(root, "content/blog/spare-key-importance/linked.jpg"));
      const file = articleFile(root);
      await writeFile(file, `${await readFile(file, "utf8")}\n![A photo kept elsewhere](linked.jpg)\n`);
    };
    try {
      await withDev(async (root, dev) => {
        const article = async () => (await request.get(`${dev.url}/en/blog/spare-key-importance`)).text();
        const shown = async () => /\/assets\/images\/linked-\d+\.\w+\.jpg/.exec(await article())?.[0];
        const first = await shown();
        expect(first).toBeTruthy();

        // A file dropped into the folder public/ links to is served (first: no other change is read meanwhile).
        await writeFile(path.join(elsewhere, "files/price-list.txt"), "Prices, 2026\n");
        const priceList = () => request.get(`${dev.url}/price-list.txt`, { maxRedirects: 0 });
        await expect.poll(async () => (await priceList()).status(), { timeout: 20_000 }).toBe(200);
        expect(await (await priceList()).text()).toBe("Prices, 2026\n");

        const file = articleFile(root);
        await writeFile(file, (await readFile(file, "utf8")).replace(/^title: .*$/m, 'title: "Saved beside the links"'));
        await expect.poll(article, { timeout: 20_000 }).toContain("Saved beside the links");

        // The photo changed where it really is: the page shows the new one.
        await drawn("#f59e0b");
        await expect.poll(shown, { timeout: 20_000 }).not.toBe(first);

        expect(dev.output()).not.toMatch(/ELOOP|warning: site dev cannot watch/);
      }, links);
    } finally {
      await rm(elsewhere, { recursive: true, force: true });
    }
  });

  test("a file saved the moment the server says it is watching is seen, however many files it watches", async ({ request }) => {
    test.setTimeout(90_000);
    // 20,000 files to look at first: the watcher's first look outlasts the reading of the site.
    const archive = async (root: string) => {
      for (let folder = 0; folder < 400; folder++) {
        const dir = path.join(root, "public/archive", String(folder));
        await mkdir(dir, { recursive: true });
        await Promise.all(Array.from({ length: 50 }, (_, index) => writeFile(path.join(dir, `${index}.txt`), "kept\n")));
      }
    };
    await withDev(async (root, dev) => {
      await writeFile(path.join(root, "public/archive/399/late.txt"), "Saved at once\n");
      const late = () => request.get(`${dev.url}/archive/399/late.txt`, { maxRedirects: 0 });
      await expect.poll(async () => (await late()).status(), { timeout: 20_000 }).toBe(200);
      expect(await (await late()).text()).toBe("Saved at once\n");
    }, archive);
  });

  test("a module of the tool saved while a card's encoder runs leaves no process behind", async ({ request }) => {
    test.setTimeout(120_000);
    await withDevOfToolCopy(
      async (root, dev, tool) => {
        // A card drawn now (the image cache is empty): the worker starts the cards' encoder.
        const page = await (await request.get(`${dev.url}/en/prices`)).text();
        const card = new URL(/<meta property="og:image" content="([^"]+)"/.exec(page)![1]!).pathname;
        expect((await request.get(`${dev.url}${card}`)).headers()["content-type"]).toBe("image/png");
        const encoder = childrenOf(dev.process.pid!).find((child) => child.args.includes("cards"));
        expect(encoder, "the cards' encoder runs").toBeDefined();

        // Saved within its ten idle seconds: the worker that started it is replaced at once.
        await appendFile(path.join(tool, "src/generator/timings.ts"), "\n// Saved again.\n");
        await expect.poll(() => processState(encoder!.pid), { timeout: 30_000 }).not.toBe("R");
        await new Promise((resolve) => setTimeout(resolve, 500));
        expect(processState(encoder!.pid), "the encoder has ended and been reaped, not left a zombie").toBe("gone");
        // The fresh worker serves the page and its card as before.
        expect((await request.get(`${dev.url}/en/prices`)).status()).toBe(200);
        expect((await request.get(`${dev.url}${card}`)).headers()["content-type"]).toBe("image/png");
        expect(dev.process.exitCode).toBeNull();
      },
      async (root) => {
        await rm(path.join(root, ".cache"));
        await mkdir(path.join(root, ".cache"));
      },
    );
  });

  test("a module of the tool saved with a mistake stops neither site dev nor the tab, and mended, the site comes back", async ({ page }) => {
    test.setTimeout(120_000);
    await withDevOfToolCopy(async (root, dev, tool) => {
      // A module the site's worker loads as it starts (not a template, which it loads when it makes a page).
      const module = path.join(tool, "src/generator/timings.ts");
      const original = await readFile(module, "utf8");
      await page.goto(`${dev.url}/en/blog/spare-key-importance`);
      await expect(page.locator("h1")).toBeVisible();

      await appendFile(module, "\nexport const halfWritten = ;\n");
      await expect(page.getByText("Build failed: there is no good build of this page to show.")).toBeVisible({ timeout: 30_000 });
      await expect(page.getByText(/timings\.ts:\d+:\d+: ERROR/)).toBeVisible();
      expect(dev.output()).toContain("site dev's worker stopped");
      expect(dev.process.exitCode).toBeNull();

      // Mended: a fresh worker reads the site, and a save to a document shows as before.
      await writeFile(module, original);
      await expect(page.getByText(/^Build failed:/)).toBeHidden({ timeout: 30_000 });
      await expect(page.locator("h1")).toBeVisible();
      const file = articleFile(root);
      await writeFile(file, (await readFile(file, "utf8")).replace(/^title: .*$/m, 'title: "Saved after the tool was mended"'));
      await expect(page.locator("h1")).toHaveText("Saved after the tool was mended", { timeout: 20_000 });
      expect(dev.process.exitCode).toBeNull();
    });
  });
});
