import { describe, expect, test } from "vitest";
import { fieldLimits } from "../../src/templates/islands/ContactForm.tsx";
import type { TFunction } from "i18next";
import { applyOutcome, renderContactForm } from "../../src/server/contact-page.tsx";
import { contactFormProps } from "../../src/templates/ContactForm.tsx";
import type { SiteConfig } from "../../src/shared/config.ts";
import { codeToLanguage } from "../../src/shared/languages.ts";
import { escapeHtml } from "../../src/shared/html.ts";
import { checkMessage, invalidFields, limits } from "../../src/server/contact.ts";
import { isFormContentType, parseForm } from "../../src/server/form-body.ts";
import { createLogger } from "../../src/server/log.ts";
import { composeMail } from "../../src/server/mail.ts";
import { createOutcomeStore } from "../../src/server/outcomes.ts";
import { createRateLimiter, rateLimitKey } from "../../src/server/rate-limit.ts";
import { parseTarget } from "../../src/server/request-target.ts";
import { acceptedEncodings } from "../../src/server/static.ts";
import { showInvisible, stripInvisible } from "../../src/server/visible-text.ts";

describe("request targets", () => {
  test("a plain path and query pass through decoded", () => {
    expect(parseTarget("/gr/prices?x=1")).toEqual({ ok: true, pathname: "/gr/prices", search: "?x=1" });
    expect(parseTarget("/ru/%D1%86%D0%B5%D0%BD%D1%8B")).toEqual({ ok: true, pathname: "/ru/цены", search: "" });
  });

  test("dot segments, backslashes, NUL and bad encodings are refused, however encoded", () => {
    for (const raw of [
      "/../etc/passwd",
      "/gr/..",
      "/%2e%2e/x",
      "/%2E%2E%2fetc",
      "/gr/%2e",
      "/a\\b",
      "/a%5cb",
      "/a%5C..%5Cb",
      "/a%00b",
      "/%zz",
      "/%e0%a4",
      "/a%0d%0aSet-Cookie:x",
      "*",
      "evil.example:443",
      "http://evil.example/../etc/passwd",
      "http://evil.example/%2e%2e/x",
    ])
      expect(parseTarget(raw).ok, raw).toBe(false);
  });

  test("the absolute form a proxy would be sent is read as its path; its host is dropped", () => {
    expect(parseTarget("http://evil.example/gr/prices?x=1")).toEqual({ ok: true, pathname: "/gr/prices", search: "?x=1" });
    expect(parseTarget("HTTPS://evil.example:8443")).toEqual({ ok: true, pathname: "/", search: "" });
    expect(parseTarget("http://evil.example?x=1")).toEqual({ ok: true, pathname: "/", search: "?x=1" });
    expect(parseTarget("http://evil.example//other.example/")).toEqual({ ok: true, pathname: "/other.example/", search: "" });
  });

  test("runs of slashes collapse, so no path can redirect to //another-host", () => {
    expect(parseTarget("//evil.example/")).toEqual({ ok: true, pathname: "/evil.example/", search: "" });
    expect(parseTarget("/%2F%2Fevil.example/")).toEqual({ ok: true, pathname: "/evil.example/", search: "" });
  });

  test("a query string with raw bytes is percent-encoded before it can reach a header", () => {
    expect(parseTarget("/x?a=\u00e9 b")).toEqual({ ok: true, pathname: "/x", search: "?a=%E9%20b" });
  });
});

describe("content negotiation", () => {
  test("br is preferred, q=0 refuses, * accepts the rest", () => {
    expect([...acceptedEncodings("gzip, deflate, br")].sort()).toEqual(["br", "gzip"]);
    expect([...acceptedEncodings("gzip, br;q=0")]).toEqual(["gzip"]);
    expect([...acceptedEncodings("*;q=0.5, gzip;q=0")]).toEqual(["br"]);
    expect([...acceptedEncodings("identity")]).toEqual([]);
    expect([...acceptedEncodings("x-gzip")]).toEqual(["gzip"]);
  });
});

describe("form bodies", () => {
  const keep = new Set(["name", "message"]);
  test("urlencoded forms are read strictly", () => {
    expect(parseForm(Buffer.from("name=Maria+K%C3%BC&message=a%26b&other=x"), keep)).toEqual(
      new Map([
        ["name", "Maria Kü"],
        ["message", "a&b"],
      ]),
    );
    expect(parseForm(Buffer.from("name=%zz"), keep)).toBeNull();
    expect(parseForm(Buffer.from("name=%C3"), keep)).toBeNull();
    expect(parseForm(Buffer.from("name=a&name=b"), keep)).toBeNull();
    expect(parseForm(Buffer.from("x=1&".repeat(100)), keep)).toBeNull();
  });

  test("only urlencoded UTF-8 (or unspecified charset) is a form", () => {
    expect(isFormContentType("application/x-www-form-urlencoded")).toBe(true);
    expect(isFormContentType("Application/X-WWW-Form-Urlencoded; charset=UTF-8")).toBe(true);
    expect(isFormContentType("application/x-www-form-urlencoded; charset=iso-8859-7")).toBe(false);
    expect(isFormContentType("multipart/form-data; boundary=x")).toBe(false);
    expect(isFormContentType("application/json")).toBe(false);
    expect(isFormContentType(undefined)).toBe(false);
  });
});

describe("message rules", () => {
  test("a refusal names the fields it is about, for the page to mark each one", () => {
    const values = { name: " ", phone: "+30 690 000 0000", email: "x@", message: "\r\n" };
    expect(invalidFields(values, "required")).toEqual(["name", "message"]);
    expect(invalidFields({ ...values, name: "n".repeat(limits.name + 1) }, "tooLong")).toEqual(["name"]);
    expect(invalidFields(values, "email")).toEqual(["email"]);
    expect(invalidFields(values, "rateLimited")).toEqual([]);
  });

  const base = { name: "Maria", phone: "6900000000", email: "", message: "Locked out" };
  test("the server's limits are the form's maxlength values", () => {
    expect(limits).toEqual(fieldLimits);
  });

  test("a textarea's CRLF line breaks count once, as the browser's maxlength counts them", () => {
    const text = `${"a".repeat(99)}\r\n`.repeat(50).trim(); // 5000 characters with LF
    const result = checkMessage({ ...base, message: text });
    expect(result.ok).toBe(true);
    expect(result.ok && result.message.message.includes("\r")).toBe(false);
  });

  test("control characters that could split a header are refused in single-line fields", () => {
    for (const bad of ["a\rb", "a\nb", "a\0b", "a\u2028b", "a\u0085b", "a\x1b[31mb"])
      for (const field of ["name", "phone", "email"] as const)
        expect(checkMessage({ ...base, [field]: bad }), `${field}: ${JSON.stringify(bad)}`).toMatchObject({ ok: false, key: "invalid" });
    expect(checkMessage({ ...base, message: "line 1\nline 2\ttab" }).ok).toBe(true);
    expect(checkMessage({ ...base, message: "a\0b" })).toMatchObject({ ok: false, key: "invalid" });
  });
});

describe("rate limit", () => {
  test("the sixth message within ten minutes is refused, with the seconds until the first leaves the window", () => {
    let now = 1_000_000;
    const limiter = createRateLimiter({ now: () => now });
    for (let index = 0; index < 5; index++) {
      expect(limiter.take("a").allowed).toBe(true);
      now += 60_000;
    }
    expect(limiter.take("a")).toEqual({ allowed: false, retryAfterSeconds: 300 });
    expect(limiter.take("b").allowed).toBe(true);
    now += 300_000;
    expect(limiter.take("a").allowed).toBe(true);
  });

  test("IPv6 clients are counted per /64", () => {
    expect(rateLimitKey("2001:db8:1:2:aaaa::1")).toBe("2001:0db8:0001:0002::/64");
    expect(rateLimitKey("2001:db8:1:2:bbbb:cccc:dddd:eeee")).toBe("2001:0db8:0001:0002::/64");
    expect(rateLimitKey("::1")).toBe("0000:0000:0000:0000::/64");
    expect(rateLimitKey("192.0.2.1")).toBe("192.0.2.1");
  });
});

describe("script-less outcomes", () => {
  test("outcomes expire and are capped", () => {
    let now = 0;
    const store = createOutcomeStore({ ttlMs: 1000, max: 2, now: () => now });
    const first = store.put("a", { status: "sent" });
    store.put("b", { status: "sent" });
    store.put("c", { status: "sent" });
    expect(store.get(first)).toBeUndefined();
    expect(store.size).toBe(2);
    const late = store.put("d", { status: "sent" });
    now += 1001;
    expect(store.get(late)).toBeUndefined();
    const small = createOutcomeStore({ maxChars: 100 });
    const values = { name: "n".repeat(40), phone: "", email: "", message: "" };
    const older = small.put("a", { status: "error", text: "e", values });
    const newer = small.put("b", { status: "error", text: "e", values });
    small.put("c", { status: "error", text: "e", values });
    expect([small.get(older), small.get(newer)?.status]).toEqual([undefined, "error"]);
  });

  test("the outcome is drawn by the form's own component: error block shown, values escaped into their fields", () => {
    const props = contactFormProps({
      t: ((key: string) => `(${key})`) as unknown as TFunction,
      config: { contact: { endpoint: "/send-mail.php" }, recaptcha: { siteKey: "" } } as SiteConfig,
      language: codeToLanguage("en")!,
    });
    const island = renderContactForm(props);
    const html = `<main><p>before</p>${island}<p>after</p></main>`;
    expect(applyOutcome(html, { status: "sent" }, { ...props, endpoint: "/elsewhere" })).toBe(html);
    const page = applyOutcome(
      html,
      {
        status: "error",
        text: "Fix <this>",
        values: { name: '"><script>x</script>', phone: "69 & 70", email: "a@b.c", message: "\nfirst line</textarea><b>" },
      },
      props,
    );
    expect(page.startsWith("<main><p>before</p>") && page.endsWith("<p>after</p></main>")).toBe(true);
    expect(page).toContain('<div data-form-status="error" role="alert"');
    expect(page).toContain('<span data-form-error="true">Fix &lt;this&gt;</span>');
    expect(page).toContain('<div data-form-status="sent" hidden=""');
    expect(page).toContain('value="&quot;&gt;&lt;script&gt;x&lt;/script&gt;"');
    expect(page).toContain('value="69 &amp; 70"');
    expect(page).toContain('value="a@b.c"');
    // A leading newline would be eaten by the HTML parser; the markup keeps it with a second one.
    expect(page).toContain('placeholder="(form.messagePlaceholder)" class');
    expect(page).toMatch(/<textarea [^>]*>\n\nfirst line&lt;\/textarea&gt;&lt;b&gt;<\/textarea>/);
    expect(page).not.toContain("<script>x");
    expect(escapeHtml(`'`)).toBe("&#39;");
  });
});

describe("the owner's e-mail", () => {
  test("the visitor's address is only the Reply-To, and the subject carries no line breaks", () => {
    const stored = {
      id: 7,
      uid: "u-1",
      receivedAt: "2026-05-01T11:03:00.000Z",
      lang: "el",
      name: "Evil\r\nBcc: x@evil.example",
      phone: "1",
      email: "maria@example.com",
      message: "hi",
      attempts: 0,
      lastError: null,
      sendingAt: null,
      sentAt: null,
    };
    const mail = composeMail(stored, { from: "Site <site@example.gr>", to: "owner@example.gr" });
    expect(mail).toMatchObject({
      from: "Site <site@example.gr>",
      to: "owner@example.gr",
      replyTo: "maria@example.com",
      messageId: "<contact-u-1@example.gr>",
      subject: "Website message #7: Evil Bcc: x@evil.example, 1",
    });
    expect(composeMail({ ...stored, email: "a@b.c, evil@x.y" }, { from: "site@example.gr", to: "o@example.gr" }).replyTo).toBeUndefined();
  });
});

describe("invisible characters", () => {
  test("bidirectional controls and other invisible format characters are dropped or shown; joiners and emoji selectors stay", () => {
    const text = "Maria\u202Egpj.exe \u2066x\u2069 a\u200Bb \uFEFF \u{E0041} 👨\u200D👩 ❤\uFE0F";
    expect(showInvisible(text)).toBe("Maria<U+202E>gpj.exe <U+2066>x<U+2069> a<U+200B>b <U+FEFF> <U+E0041> 👨\u200D👩 ❤\uFE0F");
    expect(stripInvisible(text)).toBe("Mariagpj.exe x ab   👨\u200D👩 ❤\uFE0F");
    expect(checkMessage({ name: "\u202EMaria", phone: "\u200B", email: "", message: "hi" })).toMatchObject({ ok: false, key: "required" });
  });
});

describe("logs", () => {
  test("lines are written whole, in chunks a pipe never interleaves (4 KB at most)", () => {
    const chunks: string[] = [];
    const log = createLogger((chunk) => chunks.push(chunk));
    for (let index = 0; index < 100; index++) log.info("request", { path: `/gr/${"λ".repeat(index)}`, note: "a\nb" });
    log.flush();
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) {
      expect(Buffer.byteLength(chunk)).toBeLessThanOrEqual(4096);
      expect(chunk.endsWith("\n")).toBe(true);
    }
    const lines = chunks
      .join("")
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line) as { event: string; note: string });
    expect(lines).toHaveLength(100);
    expect(lines[0]).toMatchObject({ level: "info", event: "request", note: "a\nb" });
  });
});
