import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { languages } from "../../src/shared/languages.ts";
import { serve } from "../server/helpers.ts";
import { useBuiltSite } from "../support/fixture-site.ts";
import { startNetlifyModel } from "../support/hosts/netlify.ts";
import { readmeNginxBlock, startNginx } from "../support/hosts/nginx.ts";
import { checkRoutes } from "../support/hosts/route-checks.ts";
import { startCloudflarePages } from "../support/hosts/wrangler.ts";
import type { RunningHost } from "../support/hosts/types.ts";

// One build, served by each host the README names, each held to the same routing contract.
const site = useBuiltSite();
const running: RunningHost[] = [];
afterAll(async () => {
  await Promise.all(running.map((host) => host.stop()));
});
const started = <T extends RunningHost>(host: T): T => {
  running.push(host);
  return host;
};

describe("site serve", () => {
  test("keeps the whole routing contract", async () => {
    const server = await serve(site.out, { SITE_DATA_DIR: path.join(site.out, "..", `data-${path.basename(site.out)}`) });
    running.push({ name: "site serve", url: server.url, stop: server.stop });
    expect(await checkRoutes(server.url, site.out)).toEqual([]);
  });
});

describe("nginx with the README's server block", () => {
  test("keeps the whole routing contract, with the headers on 404s and assets too", async () => {
    const host = started(await startNginx(site.out, await readmeNginxBlock()));
    expect(await checkRoutes(host.url, site.out)).toEqual([]);
  });

  test("sends gzip, made on the fly, to a client without brotli (the build writes brotli copies only)", async () => {
    const host = started(await startNginx(site.out, await readmeNginxBlock()));
    for (const pathname of [
      "/en/prices",
      "/sitemap.xml",
      `/${(await readFile(path.join(site.out, "en/prices.html"), "utf8")).match(/\/assets\/islands\.[0-9a-f]+\.js/)![0].slice(1)}`,
    ]) {
      const answer = await fetch(host.url + pathname, { headers: { "Accept-Encoding": "gzip" } });
      expect(answer.headers.get("content-encoding"), pathname).toBe("gzip");
      expect(answer.headers.get("vary"), pathname).toContain("Accept-Encoding");
    }
  });
});

describe("Cloudflare Pages (wrangler pages dev, workerd)", () => {
  test("keeps the whole routing contract; the slash form is its own permanent 308", { timeout: 180_000 }, async () => {
    const host = started(await startCloudflarePages(site.out));
    expect(await checkRoutes(host.url, site.out)).toEqual([]);
    // The only rules it skips are the 404 rules meant for Netlify, and it says so.
    const skipped = [...host.output().matchAll(/_redirects:\d+ \| (.+)$/gm)].map((match) => match[1]!.trim());
    expect(skipped).toEqual(languages.map((language) => `/${language.url}/* /${language.url}/404 404`));
  });
});

describe("Netlify (its parsers and redirect engine, with its file-first precedence)", () => {
  test("reads every rule and header without an error", async () => {
    const host = started(await startNetlifyModel(site.out));
    expect(host.parseErrors).toEqual([]);
  });

  test("keeps the whole routing contract, but serves the slash form as the page itself", async () => {
    const host = started(await startNetlifyModel(site.out));
    expect(await checkRoutes(host.url, site.out, { slash: "same-page" })).toEqual([]);
  });

  test("no rule can redirect the slash form there: the page shadows it, and forced it loops", async () => {
    const redirects = await readFile(path.join(site.out, "_redirects"), "utf8");
    const variant = async (rule: string) => {
      const file = path.join(site.out, "..", `redirects-${path.basename(site.out)}-${rule.endsWith("!") ? "forced" : "plain"}`);
      await writeFile(file, `${rule}\n${redirects}`);
      return started(await startNetlifyModel(site.out, { redirectsFile: file }));
    };
    const get = (host: RunningHost, pathname: string) => fetch(host.url + pathname, { redirect: "manual" });

    const plain = await variant("/en/prices/ /en/prices 301");
    expect((await get(plain, "/en/prices/")).status).toBe(200);

    const forced = await variant("/en/prices/ /en/prices 301!");
    const answer = await get(forced, "/en/prices");
    expect([answer.status, answer.headers.get("location")]).toEqual([301, "/en/prices"]);
  });
});
