import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { createRedirects } from "../../src/generator/redirects.ts";
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

/** `site serve` on the build, with a data folder of its own beside it; stopped with the hosts. */
const served = async (name: string, env: NodeJS.ProcessEnv = {}) => {
  const server = await serve(site.out, { SITE_DATA_DIR: path.join(site.out, "..", `data-${path.basename(site.out)}${name}`), ...env });
  running.push({ name: "site serve", url: server.url, stop: server.stop });
  return server;
};

describe("site serve", () => {
  test("keeps the whole routing contract", async () => {
    const server = await served("");
    expect(await checkRoutes(server.url, site.out)).toEqual([]);
  });
});

describe("nginx with the README's server block", () => {
  // The `site serve` the block proxies the endpoint and the contact pages to, as the README runs it.
  const behindNginx = async () => {
    const server = await served("-nginx", { TRUST_PROXY: "1" });
    return started(await startNginx(site.out, await readmeNginxBlock(), { upstream: server.url }));
  };

  test("keeps the whole routing contract, with the headers on 404s and assets too", async () => {
    const host = await behindNginx();
    expect(await checkRoutes(host.url, site.out)).toEqual([]);
  });

  test("a post without script comes back to a contact page that says it was sent, or keeps what was typed", async () => {
    const host = await behindNginx();
    const post = (fields: Record<string, string>) =>
      fetch(`${host.url}/send-mail.php`, {
        method: "POST",
        // As a browser posts a form: it takes HTML.
        headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html,application/xhtml+xml" },
        body: new URLSearchParams({ honey: "", ...fields }),
        redirect: "manual",
      });
    const sent = await post({ name: "Maria", phone: "+30 690 123 4567", message: "Locked out at the port.", lang: "de" });
    expect(sent.status).toBe(303);
    const page = await fetch(host.url + sent.headers.get("location")!);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-security-policy")).toContain("form-action 'self'");
    expect(await page.text()).toMatch(/<div data-form-status="sent" role="status"/);

    const refused = await post({ name: "Maria", phone: "", message: "Keep this text", lang: "en" });
    const again = await (await fetch(host.url + refused.headers.get("location")!)).text();
    expect(again).toMatch(/<div data-form-status="error" role="alert"/);
    expect(again).toContain("Keep this text</textarea>");
  });

  test("sends gzip, made on the fly, to a client without brotli (the build writes brotli copies only)", async () => {
    const host = await behindNginx();
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

  test("with contact.forward, the form's posts reach a `site serve` elsewhere; without it, the last rule takes them", async () => {
    const form = { name: "Maria", phone: "+30 690 123 4567", message: "Locked out at the port.", lang: "en" };
    const post = (host: RunningHost) =>
      fetch(`${host.url}/send-mail.php`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
        body: new URLSearchParams(form),
        redirect: "manual",
      });
    const unforwarded = await post(started(await startNetlifyModel(site.out)));
    expect([unforwarded.status, unforwarded.headers.get("location")]).toEqual([302, "/gr"]);

    const endpoint = await served("-forward");
    const file = path.join(site.out, "..", `redirects-${path.basename(site.out)}-forward`);
    await writeFile(file, createRedirects(site.result.files, {}, { endpoint: "/send-mail.php", forward: `${endpoint.url}/send-mail.php` }));
    const answer = await post(started(await startNetlifyModel(site.out, { redirectsFile: file })));
    expect([answer.status, await answer.json()]).toEqual([200, { success: true }]);
    expect(endpoint.log.lines.map((line) => line.event)).toContain("contact.stored");
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
