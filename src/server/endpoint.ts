import type { IncomingMessage, ServerResponse } from "node:http";
import { checkMessage, invalidFields, isTrapped, parseContactForm, type ContactMessage, type Refusal } from "./contact.ts";
import { isFormContentType, maxBodyBytes } from "./form-body.ts";
import type { ContactBackend } from "./backend.ts";
import type { Logger } from "./log.ts";
import type { MessageKey, SiteManifest } from "../shared/manifest.ts";
import { pickLanguage } from "./manifest.ts";
import { clientAddress, rateLimitKey } from "./rate-limit.ts";
import type { ServerSettings } from "./settings.ts";
import { verifyToken } from "./verify.ts";

export interface EndpointContext {
  manifest: SiteManifest;
  settings: Pick<ServerSettings, "recaptcha" | "trustProxy">;
  backend: ContactBackend;
  log: Logger;
}

/** What the endpoint decided, before it is written as JSON or as a redirect. */
interface Answer {
  status: number;
  key: MessageKey;
  lang: { url: string; code: string };
  values?: ContactMessage;
  retryAfter?: number;
}

/** Seconds a visitor is asked to wait when the store cannot take a message (the text says "in a minute"). */
const unavailableRetrySeconds = 60;

/**
 * POST handler of the contact endpoint. Applies the rules in order (encoding, trap, fields,
 * reCAPTCHA, rate limit), stores the message, and answers: JSON `{"success":…,"error"?}` to the
 * page's script (Accept: application/json) or any other client, a 303 to the contact page to a
 * browser posting the form without JavaScript (Accept: text/html).
 */
export function createEndpoint(context: EndpointContext) {
  const { manifest } = context;
  const headers = manifest.headers;

  const reply = async (request: IncomingMessage, response: ServerResponse, answer: Answer, clientKey: string) => {
    const success = answer.key === "success";
    const text = manifest.messages[answer.lang.code]![answer.key];
    // A body left unread (too large to drain) ends the connection, at once: nothing more is read.
    const closing = request.complete ? {} : { Connection: "close" };
    if (wantsPage(request.headers.accept)) {
      const empty = { name: "", phone: "", email: "", message: "" };
      const values = answer.values ?? empty;
      const invalid = success ? [] : invalidFields(values, answer.key);
      const token = await context.backend.putOutcome(clientKey, success ? { status: "sent" } : { status: "error", text, values, invalid });
      // The page opens at the form; where a field is refused, that field's autofocus takes the
      // visitor there instead (a fragment in the URL would keep the browser from applying it).
      const fragment = invalid.length ? "" : "#contact-form";
      const location = `${manifest.contactPages[answer.lang.code] ?? `/${answer.lang.url}/contact`}?outcome=${token}${fragment}`;
      response.writeHead(303, { ...headers, ...closing, Location: location, "Cache-Control": "no-store", "Content-Length": 0 }).end();
      return;
    }
    const body = JSON.stringify(success ? { success: true } : { success: false, error: text });
    response.writeHead(answer.status, {
      ...headers,
      ...closing,
      "Content-Type": "application/json; charset=utf-8",
      "Content-Length": Buffer.byteLength(body),
      "Cache-Control": "no-store",
      ...(answer.retryAfter ? { "Retry-After": String(answer.retryAfter) } : {}),
    });
    response.end(body);
  };

  const decide = async (request: IncomingMessage, address: string): Promise<Answer> => {
    const fromReferer = pickLanguage(manifest, undefined, request.headers.referer);
    const refuse = ({ status, key }: Refusal, lang = fromReferer, values?: ContactMessage): Answer => ({ status, key, lang, values });

    // Rule 1: the body must be a small, well-formed urlencoded form.
    if (!isFormContentType(request.headers["content-type"])) return refuse({ status: 415, key: "invalid" });
    const body = await readBody(request, maxBodyBytes);
    const hinted = () => pickLanguage(manifest, langOfRejectedBody(body.bytes), request.headers.referer);
    if (body.result === "too-large") return refuse({ status: 413, key: "tooLong" }, hinted());
    if (body.result === "aborted") return refuse({ status: 400, key: "invalid" }, hinted());
    const form = parseContactForm(body.bytes);
    if ("key" in form) return refuse(form, hinted());
    const lang = pickLanguage(manifest, form.lang, request.headers.referer);

    // Rule 2: the trap. A bot is told it worked, and nothing is kept or sent.
    if (isTrapped(form)) {
      context.log.info("contact.trapped", { ip: address });
      return { status: 200, key: "success", lang };
    }

    // Rule 3: the fields.
    const checked = checkMessage(form.values);
    if (!checked.ok) return refuse(checked, lang, form.values);

    // Rule 4: reCAPTCHA, where a secret is configured; fails closed.
    if (context.settings.recaptcha) {
      const verdict = await verifyToken(context.settings.recaptcha, form.token, address);
      if (verdict.result !== "passed") {
        if (verdict.result === "refused") {
          context.log.info("recaptcha.refused", { reason: verdict.reason, ip: address });
          return refuse({ status: 403, key: "recaptcha" }, lang, form.values);
        }
        context.log.error("recaptcha.unavailable", { reason: verdict.reason, ip: address });
        return refuse({ status: 503, key: "failure" }, lang, form.values);
      }
    }

    // Rules 5 and 6: five messages per client per ten minutes; on disk before the visitor hears
    // "sent", or a 503 within 5 s when the store cannot take it. Delivery (rule 7) follows from the store.
    const admission = await context.backend.admit(rateLimitKey(address), { ...checked.message, lang: lang.code });
    if (admission.result === "rate-limited") {
      context.log.info("contact.rate-limited", { retryAfter: admission.retryAfterSeconds, ip: address });
      return { ...refuse({ status: 429, key: "rateLimited" }, lang, form.values), retryAfter: admission.retryAfterSeconds };
    }
    // The store logs the cause once per episode; each refused request has its own line (503).
    if (admission.result === "unavailable") {
      return { ...refuse({ status: 503, key: "unavailable" }, lang, form.values), retryAfter: unavailableRetrySeconds };
    }
    context.log.info("contact.stored", { id: admission.id, ip: address });
    return { status: 200, key: "success", lang };
  };

  return async function handleContact(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (request.method !== "POST") {
      const lang = pickLanguage(manifest, undefined, request.headers.referer);
      const body = JSON.stringify({ success: false, error: manifest.messages[lang.code]!.invalid });
      response.writeHead(405, {
        ...headers,
        Allow: "POST",
        "Content-Type": "application/json; charset=utf-8",
        "Content-Length": Buffer.byteLength(body),
        "Cache-Control": "no-store",
      });
      response.end(request.method === "HEAD" ? undefined : body);
      return;
    }
    const address = clientAddress(request, context.settings.trustProxy);
    const answer = await decide(request, address);
    // A body refused before it was read (wrong type) is read and dropped, up to 1 MB, so the
    // client sees the answer rather than a reset and the connection stays usable.
    if (!request.complete && request.readableFlowing === null) await readBody(request, 0);
    // What is still unread is dropped as it comes while the answer goes out; the connection then closes.
    if (!request.complete) request.resume();
    await reply(request, response, answer, rateLimitKey(address));
  };
}

/**
 * Whether the client wants a page rather than JSON: a browser's own form submission asks for
 * text/html; the page's script asks for application/json.
 */
export function wantsPage(accept: string | undefined): boolean {
  return !!accept && accept.includes("text/html") && !accept.includes("application/json");
}

/** Beyond this, a body is not even read to the end: the answer closes the connection instead. */
const maxDrainBytes = 1024 * 1024;

/**
 * The request body, up to `limit` bytes. A body that declares its length is read to the end
 * (the part past the limit dropped) when that length is at most 1 MB, so the client can read
 * the answer on a connection that stays usable; a longer one is refused unread. A chunked body
 * has no length to judge by: it is refused as soon as it passes the limit, as fast as a sized one.
 */
function readBody(request: IncomingMessage, limit: number): Promise<{ result: "complete" | "too-large" | "aborted"; bytes: Buffer }> {
  const declared = request.headers["content-length"] === undefined ? NaN : Number(request.headers["content-length"]);
  const stopAt = Number.isNaN(declared) ? limit : maxDrainBytes;
  if (declared > maxDrainBytes) return Promise.resolve({ result: "too-large", bytes: Buffer.alloc(0) });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let kept = 0;
    const done = (result: "complete" | "too-large" | "aborted") => {
      request.off("data", onData).off("end", onEnd).off("error", onError).off("aborted", onError);
      if (!request.complete) request.pause();
      resolve({ result: result === "complete" && size > limit ? "too-large" : result, bytes: Buffer.concat(chunks, kept) });
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (kept < limit) {
        const part = chunk.subarray(0, limit - kept);
        chunks.push(part);
        kept += part.length;
      }
      if (size > stopAt) done("too-large");
    };
    const onEnd = () => done("complete");
    const onError = () => done("aborted");
    request.on("data", onData).on("end", onEnd).on("error", onError).on("aborted", onError);
    if (request.readableEnded) done("complete");
  });
}

/**
 * The `lang` field of a body that is too long or malformed, read leniently, so that even
 * those answers are in the visitor's language (the form sends `lang` first).
 */
function langOfRejectedBody(bytes: Buffer): string | undefined {
  return /(?:^|&)lang=([A-Za-z-]{2,12})(?:&|$)/.exec(bytes.toString("latin1"))?.[1];
}
