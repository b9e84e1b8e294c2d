import os from "node:os";
import path from "node:path";
import type { SiteManifest } from "../shared/manifest.ts";

/** Every variable the server reads, so that worker processes can be given exactly the same. */
export const serverEnvironment = [
  "SITE_DATA_DIR",
  "RECAPTCHA_SECRET",
  "RECAPTCHA_VERIFY_URL",
  "RECAPTCHA_HOSTNAMES",
  "TRUST_PROXY",
  "SMTP_URL",
  "MAIL_TO",
  "MAIL_FROM",
  "SERVE_WORKERS",
  "SITE_MAX_CONNECTIONS",
] as const;

export const googleVerifyUrl = "https://www.google.com/recaptcha/api/siteverify";

export interface RecaptchaSettings {
  secret: string;
  verifyUrl: string;
  /** Hostnames a token may have been solved on, lower case. */
  hostnames: string[];
}

export interface SmtpSettings {
  /** smtp://user:pass@host:587 or smtps://…:465, as nodemailer reads it. */
  url: string;
  to: string;
  from: string;
}

/** What the server takes from its environment. */
export interface ServerSettings {
  dataDir: string;
  /** null: the anti-bot check is off. */
  recaptcha: RecaptchaSettings | null;
  /** How many proxies in front of the server append to X-Forwarded-For; 0: ignore the header. */
  trustProxy: number;
  /** null: messages wait in the store. */
  smtp: SmtpSettings | null;
  /** How many processes serve HTTP; 1: this one alone. */
  workers: number;
  /**
   * How many connections each process holds open at once; one more is closed as it opens. Each
   * idle connection of a flood grows the process by some 12 KB, which it keeps once they go.
   */
  maxConnections: number;
}

/**
 * Far beyond a shop's visitors (a browser opens at most six), and high enough that holding them
 * all idle, which shuts every visitor out for as long as it lasts, takes a deliberate attack.
 */
export const defaultMaxConnections = 10_000;

/**
 * Reads SITE_DATA_DIR, RECAPTCHA_SECRET, RECAPTCHA_VERIFY_URL, RECAPTCHA_HOSTNAMES, TRUST_PROXY,
 * SMTP_URL, MAIL_TO, MAIL_FROM, SERVE_WORKERS and SITE_MAX_CONNECTIONS. Collects every problem
 * and throws once, naming each variable.
 */
export function readSettings(env: NodeJS.ProcessEnv, manifest: SiteManifest): ServerSettings {
  const problems: string[] = [];
  const value = (name: string) => env[name]?.trim() ?? "";

  let recaptcha: RecaptchaSettings | null = null;
  if (value("RECAPTCHA_SECRET")) {
    const verifyUrl = value("RECAPTCHA_VERIFY_URL") || googleVerifyUrl;
    if (!/^https?:\/\//.test(verifyUrl)) problems.push(`RECAPTCHA_VERIFY_URL must be an http(s) URL, not "${verifyUrl}"`);
    let hostnames = value("RECAPTCHA_HOSTNAMES")
      .split(",")
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean);
    if (!hostnames.length) {
      try {
        hostnames = [new URL(manifest.origin).hostname.toLowerCase()];
      } catch {
        problems.push(`RECAPTCHA_HOSTNAMES is empty and the site's origin "${manifest.origin}" names no host; set RECAPTCHA_HOSTNAMES=example.gr`);
      }
    }
    if (!manifest.recaptcha)
      problems.push(
        "RECAPTCHA_SECRET is set but the site was built without a reCAPTCHA site key, so every message would be refused; build with RECAPTCHA_SITE_KEY or unset RECAPTCHA_SECRET",
      );
    recaptcha = { secret: value("RECAPTCHA_SECRET"), verifyUrl, hostnames };
  }

  const trustRaw = value("TRUST_PROXY").toLowerCase();
  let trustProxy = 0;
  if (["true", "yes", "on"].includes(trustRaw)) trustProxy = 1;
  else if (/^\d+$/.test(trustRaw)) trustProxy = Number(trustRaw);
  else if (trustRaw && !["false", "no", "off"].includes(trustRaw))
    problems.push(`TRUST_PROXY must be a number of proxies (1 for nginx in front) or true/false, not "${trustRaw}"`);

  let smtp: SmtpSettings | null = null;
  if (value("SMTP_URL")) {
    const url = value("SMTP_URL");
    if (!/^smtps?:\/\/[^/]/.test(url)) problems.push("SMTP_URL must look like smtp://user:password@host:587 or smtps://user:password@host:465");
    // The mail library reads it as a URL: one that does not parse (a raw # ? / in the password) is
    // said here, by name, rather than as "Invalid URL" from deep inside it. The URL itself is a secret.
    else if (!URL.canParse(url))
      problems.push(
        "SMTP_URL is not a valid URL: percent-encode these characters in the user name and password: @ as %40, : as %3A, / as %2F, # as %23, ? as %3F and % as %25",
      );
    const to = value("MAIL_TO");
    if (!to) problems.push("SMTP_URL is set but MAIL_TO is empty; set MAIL_TO to the address that receives the contact messages");
    smtp = { url, to, from: value("MAIL_FROM") || to };
  }

  const workersRaw = value("SERVE_WORKERS").toLowerCase();
  let workers = 1;
  if (workersRaw === "auto") workers = os.availableParallelism();
  else if (/^\d+$/.test(workersRaw) && Number(workersRaw) >= 1) workers = Math.min(Number(workersRaw), 64);
  else if (workersRaw) problems.push(`SERVE_WORKERS must be a number of processes (1 or more) or auto, not "${workersRaw}"`);

  const connectionsRaw = value("SITE_MAX_CONNECTIONS");
  let maxConnections = defaultMaxConnections;
  if (/^\d+$/.test(connectionsRaw) && Number(connectionsRaw) >= 10) maxConnections = Number(connectionsRaw);
  else if (connectionsRaw) problems.push(`SITE_MAX_CONNECTIONS must be a number of connections (10 or more), not "${connectionsRaw}"`);

  if (problems.length) throw new Error(`the server's environment has ${problems.length} problem${problems.length > 1 ? "s" : ""}:\n  ${problems.join("\n  ")}`);
  return { dataDir: path.resolve(value("SITE_DATA_DIR") || "data"), recaptcha, trustProxy, smtp, workers, maxConnections };
}

/** `smtp://user:secret@mail.example.gr:587` → `smtp://mail.example.gr:587`, for logs. */
export function redactSmtpUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}`;
  } catch {
    return "(unparsable SMTP_URL)";
  }
}
