import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { readStore } from "../../src/server/store.ts";
import { buildSite, freePort, postForm, secret, serve, startSiteverify, tempDir, validMessage, type RunningServer } from "./helpers.ts";

let work: Awaited<ReturnType<typeof tempDir>>;
let dist: string;
let open: RunningServer; // no reCAPTCHA secret: the check is off
let guarded: RunningServer; // reCAPTCHA verified against the stand-in
let direct: RunningServer; // TRUST_PROXY unset
let verify: Awaited<ReturnType<typeof startSiteverify>>;
let address = 0;
/** A fresh client address per test, so the rate limit of one test does not reach another. */
const client = () => ({ "X-Forwarded-For": `198.51.100.${++address}` });

const texts = {
  success: "Message sent successfully! We'll contact you soon.",
  failure: "Error sending message. Please try again or call us.",
  recaptcha: "Please confirm reCAPTCHA.",
  required: "Please fill in your name, phone and message.",
  email: "Please enter a valid e-mail address, or leave it empty.",
  tooLong: "A field is too long. Please shorten it.",
  invalid: "The form could not be read. Please try again.",
  rateLimited: "Too many messages. Please wait a few minutes or call us.",
};
const refused = (key: Exclude<keyof typeof texts, "success">) => ({ success: false, error: texts[key] });

beforeAll(async () => {
  work = await tempDir("contact");
  dist = path.join(work.dir, "dist");
  await buildSite(dist, { recaptcha: true });
  verify = await startSiteverify();
  [open, guarded, direct] = await Promise.all([
    serve(dist, { SITE_DATA_DIR: path.join(work.dir, "open"), TRUST_PROXY: "1" }),
    serve(dist, {
      SITE_DATA_DIR: path.join(work.dir, "guarded"),
      TRUST_PROXY: "1",
      RECAPTCHA_SECRET: secret,
      RECAPTCHA_VERIFY_URL: verify.url,
      RECAPTCHA_HOSTNAMES: "127.0.0.1,localhost",
    }),
    serve(dist, { SITE_DATA_DIR: path.join(work.dir, "direct") }),
  ]);
});

afterAll(async () => {
  await Promise.all([open?.stop(), guarded?.stop(), direct?.stop()]);
  await verify?.close();
  await work?.remove();
});

function stored(name: string) {
  const store = readStore(path.join(work.dir, name))!;
  try {
    return store.list();
  } finally {
    store.close();
  }
}

describe("rule 6: a valid message is stored, then acknowledged", () => {
  test("the message is on disk, trimmed, with its language, when the visitor reads success", async () => {
    const answer = await postForm(open.url, validMessage("stored", { name: "  Maria  ", message: "Line 1\r\nLine 2  ", lang: "de" }), client());
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ success: true });
    expect(answer.headers.get("cache-control")).toBe("no-store");
    const message = stored("open").find((entry) => entry.message === "Line 1\nLine 2")!;
    expect(message).toMatchObject({ name: "Maria", phone: "+30 690 000 0001", email: "maria@example.com", lang: "de", sentAt: null, attempts: 0 });
  });

  test("the endpoint answers other methods with 405 and JSON", async () => {
    const response = await fetch(`${open.url}/send-mail.php`, { headers: { Accept: "application/json" } });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
    expect(await response.json()).toEqual({ success: false, error: "Δεν ήταν δυνατή η ανάγνωση της φόρμας. Δοκιμάστε ξανά." });
  });
});

describe("rule 1: size, type and encoding", () => {
  test("a body over 16 KB gets 413", async () => {
    const answer = await postForm(open.url, validMessage("big", { message: "x".repeat(17 * 1024) }), client());
    expect([answer.status, answer.json]).toEqual([413, refused("tooLong")]);
  });

  test("a body of 16 KB exactly is read; one byte more is not", async () => {
    const base = new URLSearchParams(validMessage("edge", { message: "" })).toString();
    const padded = (size: number) => `${base}&pad=${"p".repeat(size - base.length - 5)}`;
    expect(padded(16 * 1024).length).toBe(16 * 1024);
    const exact = await postForm(open.url, padded(16 * 1024), client());
    expect([exact.status, exact.json]).toEqual([422, refused("required")]);
    const over = await postForm(open.url, padded(16 * 1024 + 1), client());
    expect([over.status, over.json]).toEqual([413, refused("tooLong")]);
  });

  test("a content type other than an urlencoded form gets 415", async () => {
    for (const type of ["application/json", "multipart/form-data; boundary=x", "text/plain", "application/x-www-form-urlencoded; charset=iso-8859-7"]) {
      const answer = await postForm(open.url, "name=a", { ...client(), "Content-Type": type, Referer: `${open.url}/en/contact` });
      expect([answer.status, answer.json], type).toEqual([415, refused("invalid")]);
    }
  });

  test("malformed encoding gets 400: a bad escape, bytes that are not UTF-8, a field twice", async () => {
    for (const body of ["name=%zz&phone=1&message=x&lang=en", "name=%C3%28&phone=1&message=x&lang=en", "name=a&name=b&phone=1&message=x&lang=en"]) {
      const answer = await postForm(open.url, body, client());
      expect([answer.status, answer.json], body).toEqual([400, refused("invalid")]);
    }
  });

  test("when the body cannot tell the language, the Referer does", async () => {
    const answer = await postForm(open.url, "name=%zz", { ...client(), Referer: `${open.url}/de/contact` });
    expect(answer.json).toEqual({ success: false, error: "Das Formular konnte nicht gelesen werden. Bitte versuchen Sie es erneut." });
  });
});

describe("rule 2: the trap field", () => {
  test("a filled-in honey field is told success, and nothing is stored", async () => {
    const before = stored("open").length;
    const answer = await postForm(open.url, validMessage("trapped", { honey: "http://spam.example" }), client());
    expect([answer.status, answer.json]).toEqual([200, { success: true }]);
    expect(stored("open").length).toBe(before);
  });

  test("a honey field of spaces only is not a trap", async () => {
    const answer = await postForm(open.url, validMessage("spaces", { honey: "   " }), client());
    expect(answer.json).toEqual({ success: true });
  });
});

describe("rule 3: the fields", () => {
  test.each(["name", "phone", "message"])("%s is required, after trimming", async (field) => {
    const answer = await postForm(open.url, validMessage("required", { [field]: " \t " }), client());
    expect([answer.status, answer.json]).toEqual([422, refused("required")]);
  });

  test("e-mail is optional, but must be an address when given", async () => {
    expect((await postForm(open.url, validMessage("no-mail", { email: "" }), client())).json).toEqual({ success: true });
    for (const email of ["maria", "maria@", "@example.com", "maria@exa mple.com", "a@b.c, evil@x.y", "Maria <m@example.com>"]) {
      const answer = await postForm(open.url, validMessage("bad-mail", { email }), client());
      expect([answer.status, answer.json], email).toEqual([422, refused("email")]);
    }
  });

  test.each([
    ["name", 100],
    ["phone", 40],
    ["message", 5000],
  ])("%s may have %i characters, not one more", async (field, limit) => {
    expect((await postForm(open.url, validMessage("limit", { [field]: "w".repeat(limit) }), client())).json).toEqual({ success: true });
    const answer = await postForm(open.url, validMessage("limit", { [field]: "w".repeat(limit + 1) }), client());
    expect([answer.status, answer.json]).toEqual([422, refused("tooLong")]);
  });

  test("a long Greek message meets the 16 KB body limit first, and is told so in Greek", async () => {
    // Six bytes per Greek letter once percent-encoded: about 2,700 letters fit in 16 KB.
    expect((await postForm(open.url, validMessage("greek", { message: "λ".repeat(2600), lang: "el" }), client())).json).toEqual({ success: true });
    const answer = await postForm(open.url, validMessage("greek", { message: "λ".repeat(2800), lang: "el" }), client());
    expect([answer.status, answer.json]).toEqual([413, { success: false, error: "Κάποιο πεδίο είναι πολύ μεγάλο. Συντομέψτε το." }]);
  });

  test("e-mail may have 254 characters, not one more", async () => {
    const address = (last: number) => `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(last)}.com`;
    expect(address(57).length).toBe(254);
    expect((await postForm(open.url, validMessage("mail-limit", { email: address(57) }), client())).json).toEqual({ success: true });
    const answer = await postForm(open.url, validMessage("mail-limit", { email: address(58) }), client());
    expect([answer.status, answer.json]).toEqual([422, refused("tooLong")]);
  });

  test.each(["name", "phone", "email"])("CR, LF and NUL are refused in %s", async (field) => {
    for (const bad of ["a\rb", "a\nb", "a\0b", "x@example.com\r\nBcc: y@example.com"]) {
      const answer = await postForm(open.url, validMessage("crlf", { [field]: bad }), client());
      expect([answer.status, answer.json], JSON.stringify(bad)).toEqual([400, refused("invalid")]);
    }
  });
});

describe("rule 4: reCAPTCHA", () => {
  test("a solved token is verified with secret, response and the visitor's address, and the message stored", async () => {
    const headers = client();
    const answer = await postForm(guarded.url, validMessage("human", { "g-recaptcha-response": "test-token" }), headers);
    expect([answer.status, answer.json]).toEqual([200, { success: true }]);
    const request = verify.requests.at(-1)!;
    expect(Object.fromEntries(request)).toEqual({ secret, response: "test-token", remoteip: headers["X-Forwarded-For"] });
    expect(stored("guarded").some((message) => message.name === "Maria human")).toBe(true);
  });

  test("no token, a refused token, a token from another site: 403 and nothing stored", async () => {
    const before = stored("guarded").length;
    const calls = verify.requests.length;
    for (const token of ["", "bad-token", "other-host-token", "garbled-token"]) {
      const answer = await postForm(guarded.url, validMessage("bot", { "g-recaptcha-response": token }), client());
      const expected = token === "garbled-token" ? [503, refused("failure")] : [403, refused("recaptcha")];
      expect([answer.status, answer.json], token).toEqual(expected);
    }
    expect(verify.requests.length).toBe(calls + 3); // an empty token is refused without asking
    expect(stored("guarded").length).toBe(before);
  });

  test("fields are checked before the token is spent", async () => {
    const calls = verify.requests.length;
    const answer = await postForm(guarded.url, validMessage("early", { phone: "", "g-recaptcha-response": "test-token" }), client());
    expect(answer.json).toEqual(refused("required"));
    expect(verify.requests.length).toBe(calls);
  });

  test("without RECAPTCHA_HOSTNAMES the token must come from the site's own origin", async () => {
    const strict = await serve(dist, { SITE_DATA_DIR: path.join(work.dir, "strict"), RECAPTCHA_SECRET: secret, RECAPTCHA_VERIFY_URL: verify.url });
    try {
      const answer = await postForm(strict.url, validMessage("origin", { "g-recaptcha-response": "test-token" }));
      expect([answer.status, answer.json]).toEqual([403, refused("recaptcha")]);
    } finally {
      await strict.stop();
    }
  });

  test("siteverify down or silent for 5 s: the check fails closed, with the call-us text", async () => {
    const down = await serve(dist, {
      SITE_DATA_DIR: path.join(work.dir, "down"),
      RECAPTCHA_SECRET: secret,
      RECAPTCHA_VERIFY_URL: `http://127.0.0.1:${await freePort()}/siteverify`,
      RECAPTCHA_HOSTNAMES: "127.0.0.1",
    });
    try {
      const answer = await postForm(down.url, validMessage("down", { "g-recaptcha-response": "test-token" }));
      expect([answer.status, answer.json]).toEqual([503, refused("failure")]);
      expect(down.log.lines.some((line) => line.event === "recaptcha.unavailable")).toBe(true);
    } finally {
      await down.stop();
    }
    const started = Date.now();
    const slow = await postForm(guarded.url, validMessage("slow", { "g-recaptcha-response": "slow-token" }), client());
    expect([slow.status, slow.json]).toEqual([503, refused("failure")]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(4900);
    expect(Date.now() - started).toBeLessThan(5900);
    expect(stored("guarded").some((message) => message.name === "Maria slow")).toBe(false);
  }, 15_000);
});

describe("rule 5: rate limit", () => {
  test("a sixth message within ten minutes gets 429 with Retry-After; another client is not affected", async () => {
    const headers = client();
    for (let index = 0; index < 5; index++) expect((await postForm(open.url, validMessage(`burst-${index}`), headers)).json).toEqual({ success: true });
    const sixth = await postForm(open.url, validMessage("burst-6"), headers);
    expect([sixth.status, sixth.json]).toEqual([429, refused("rateLimited")]);
    expect(Number(sixth.headers.get("retry-after"))).toBeGreaterThan(590);
    expect(Number(sixth.headers.get("retry-after"))).toBeLessThanOrEqual(600);
    expect(stored("open").some((message) => message.name === "Maria burst-6")).toBe(false);
    expect((await postForm(open.url, validMessage("other"), client())).json).toEqual({ success: true });
  });

  test("X-Forwarded-For is ignored unless TRUST_PROXY is set", async () => {
    const answers = [];
    for (let index = 0; index < 6; index++) answers.push((await postForm(direct.url, validMessage(`direct-${index}`), client())).status);
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
  });

  test("behind one proxy, the client is the address the proxy appended, not what the client claimed", async () => {
    const real = client()["X-Forwarded-For"];
    const statuses = [];
    for (let index = 0; index < 6; index++)
      statuses.push((await postForm(open.url, validMessage(`spoof-${index}`), { "X-Forwarded-For": `10.0.0.${index}, ${real}` })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe("answers in the visitor's language", () => {
  test("each language gets its own texts", async () => {
    const answers: Record<string, string> = {};
    for (const lang of ["el", "en", "de", "fr", "ru"])
      answers[lang] = (await postForm(open.url, validMessage("lang", { lang, phone: "" }), client())).json.error!;
    expect(answers).toMatchInlineSnapshot(`
      {
        "de": "Bitte geben Sie Ihren Namen, Ihre Telefonnummer und Ihre Nachricht ein.",
        "el": "Συμπληρώστε όνομα, τηλέφωνο και μήνυμα.",
        "en": "Please fill in your name, phone and message.",
        "fr": "Veuillez indiquer votre nom, votre téléphone et votre message.",
        "ru": "Укажите имя, телефон и сообщение.",
      }
    `);
  });
});

/** A browser's own form submission: Accept text/html, no redirect following. */
function postPage(url: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<{ status: number; location: string }> {
  return new Promise((resolve, reject) => {
    const body = new URLSearchParams(fields).toString();
    const request = http.request(
      `${url}/send-mail.php`,
      { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html,application/xhtml+xml,*/*;q=0.8", ...headers } },
      (response) => {
        response.resume();
        response.on("end", () => resolve({ status: response.statusCode!, location: String(response.headers.location) }));
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

describe("without JavaScript", () => {
  test("a sent message: 303 to the contact page in the visitor's language, which shows the sent block", async () => {
    const answer = await postPage(open.url, validMessage("nojs", { lang: "fr" }), client());
    expect(answer.status).toBe(303);
    expect(answer.location).toMatch(/^\/fr\/contact\?outcome=[\w-]{22}#contact-form$/);
    const page = await fetch(`${open.url}${answer.location}`);
    const html = await page.text();
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(html).toMatch(/<div data-form-status="sent" role="status"/);
    expect(html).toMatch(/<div data-form-status="error" hidden=""/);
    expect(stored("open").some((message) => message.name === "Maria nojs" && message.lang === "fr")).toBe(true);
  });

  test("a refused message: the error text, and the visitor's values back in the fields, escaped", async () => {
    const values = {
      name: `Γιώργος "<script>alert(1)</script>`,
      phone: "",
      email: "g@example.com",
      message: "Κλειδώθηκα έξω </textarea><img src=x onerror=alert(1)>",
    };
    const answer = await postPage(open.url, { ...values, honey: "", lang: "el" }, client());
    expect(answer.location).toMatch(/^\/gr\/contact\?outcome=/);
    const html = await (await fetch(`${open.url}${answer.location}`)).text();
    expect(html).toMatch(/<div data-form-status="error" role="alert"/);
    expect(html).toMatch(/<div data-form-status="sent" hidden=""/);
    expect(html).toContain('<span data-form-error="true">Συμπληρώστε όνομα, τηλέφωνο και μήνυμα.</span>');
    expect(html).toContain('value="Γιώργος &quot;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(html).toContain('value="g@example.com"');
    expect(html).toContain("Κλειδώθηκα έξω &lt;/textarea&gt;&lt;img src=x onerror=alert(1)&gt;</textarea>");
    expect(html).not.toContain("<script>alert(1)");
    expect(html).not.toContain("<img src=x");
    // The empty phone field is marked and explained next to it, and takes the focus (no fragment, so autofocus applies).
    expect(answer.location).not.toContain("#");
    const phoneInput = html.match(/<input id="phone"[^>]*>/)![0];
    for (const attribute of ['aria-invalid="true"', 'aria-describedby="phone-error"', 'autofocus=""']) expect(phoneInput).toContain(attribute);
    expect(html).toContain('<p id="phone-error" class="mt-1 text-sm font-semibold text-red-700">Γράψτε τον αριθμό τηλεφώνου σας.</p>');
    expect(html).not.toContain('id="name-error"');
  });

  test("the rate limit and a bad token are shown the same way", async () => {
    const headers = client();
    for (let index = 0; index < 5; index++) await postForm(open.url, validMessage(`nojs-burst-${index}`), headers);
    const limited = await postPage(open.url, validMessage("nojs-burst-6", { lang: "ru" }), headers);
    expect(await (await fetch(`${open.url}${limited.location}`)).text()).toContain("Слишком много сообщений");
    const bot = await postPage(guarded.url, validMessage("nojs-bot", { "g-recaptcha-response": "bad-token" }), client());
    expect(await (await fetch(`${guarded.url}${bot.location}`)).text()).toContain(`<span data-form-error="true">${texts.recaptcha}</span>`);
  });

  test("an unknown or expired outcome shows the plain contact page", async () => {
    const response = await fetch(`${open.url}/en/contact?outcome=nothing-here`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<div data-form-status="sent" hidden=""/);
    expect(html).toMatch(/<div data-form-status="error" hidden=""/);
  });
});
