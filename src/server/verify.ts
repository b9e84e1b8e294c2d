import type { RecaptchaSettings } from "./settings.ts";

/**
 * `passed`: a human solved it here. `refused`: no token, a bad or reused one, or one solved on
 * another site. `unavailable`: siteverify could not say (down, slow, garbled, or our secret is
 * wrong); the message is refused too, since the check fails closed, but it is not the visitor's fault.
 */
export type Verdict = { result: "passed" } | { result: "refused" | "unavailable"; reason: string };

/** Errors siteverify reports about our request rather than the visitor's token. */
const ourFault = new Set(["missing-input-secret", "invalid-input-secret", "bad-request"]);

/**
 * Asks siteverify about a reCAPTCHA token (secret, response, remoteip, form-encoded, as Google
 * documents it) and requires `success` and a hostname the site runs on. Gives up after `timeoutMs`.
 */
export async function verifyToken(settings: RecaptchaSettings, token: string, remoteIp: string, timeoutMs = 5000): Promise<Verdict> {
  if (!token) return { result: "refused", reason: "no token" };
  let response: Response;
  try {
    response = await fetch(settings.verifyUrl, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ secret: settings.secret, response: token, remoteip: remoteIp }),
      signal: AbortSignal.timeout(timeoutMs),
      redirect: "error",
    });
  } catch (error) {
    const timedOut = error instanceof Error && error.name === "TimeoutError";
    return { result: "unavailable", reason: timedOut ? `no answer within ${timeoutMs} ms` : `unreachable: ${describe(error)}` };
  }
  let answer: { success?: unknown; hostname?: unknown; "error-codes"?: unknown };
  try {
    const text = await response.text();
    if (!response.ok) return { result: "unavailable", reason: `HTTP ${response.status}` };
    answer = JSON.parse(text) as typeof answer;
    if (!answer || typeof answer !== "object") throw new Error("not an object");
  } catch (error) {
    return { result: "unavailable", reason: `unreadable answer: ${describe(error)}` };
  }
  const codes = Array.isArray(answer["error-codes"]) ? answer["error-codes"].map(String) : [];
  if (answer.success !== true) {
    if (codes.some((code) => ourFault.has(code))) return { result: "unavailable", reason: `siteverify refused our request: ${codes.join(", ")}` };
    return { result: "refused", reason: codes.join(", ") || "not successful" };
  }
  const hostname = typeof answer.hostname === "string" ? answer.hostname.toLowerCase() : "";
  if (!settings.hostnames.includes(hostname)) return { result: "refused", reason: `solved on "${hostname}", expected ${settings.hostnames.join(" or ")}` };
  return { result: "passed" };
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : "";
  return `${error.message}${cause}`;
}
