import type { IncomingMessage } from "node:http";
import { isIP } from "node:net";

export interface RateLimiter {
  /**
   * Counts one message for `key` if it is under the limit; otherwise says how many seconds
   * until it may send again. Counting before the message is stored keeps concurrent
   * requests from slipping past the limit together; `release` gives the slot back.
   */
  take(key: string): { allowed: true } | { allowed: false; retryAfterSeconds: number };
  release(key: string): void;
}

/** The contact form's limit per client address, as the privacy policy states it. */
export const messageLimit = { messages: 5, minutes: 10 } as const;

/** At most `limit` messages per key within `windowMs` (5 per 10 minutes): the sixth gets 429. */
export function createRateLimiter({
  limit = messageLimit.messages,
  windowMs = messageLimit.minutes * 60_000,
  maxKeys = 100_000,
  now = Date.now,
} = {}): RateLimiter {
  const recent = new Map<string, number[]>();
  let lastSweep = now();
  const sweep = (time: number) => {
    // Forget clients whose last message left the window, once per window.
    if (time - lastSweep >= windowMs) {
      lastSweep = time;
      for (const [key, times] of recent) if (times[times.length - 1]! <= time - windowMs) recent.delete(key);
    }
    // Under a flood of addresses, drop the least recently active tenth at once.
    if (recent.size >= maxKeys)
      for (const key of recent.keys()) {
        if (recent.size < maxKeys * 0.9) break;
        recent.delete(key);
      }
  };
  return {
    take(key) {
      const time = now();
      sweep(time);
      const times = (recent.get(key) ?? []).filter((at) => at > time - windowMs);
      if (times.length >= limit) {
        recent.set(key, times);
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((times[0]! + windowMs - time) / 1000)) };
      }
      times.push(time);
      recent.delete(key); // re-insert: the map's order stays oldest-active first
      recent.set(key, times);
      return { allowed: true };
    },
    release(key) {
      recent.get(key)?.pop();
    },
  };
}

/**
 * The visitor's address. Behind `trustProxy` proxies, each appending to X-Forwarded-For, the
 * client is the entry the outermost trusted proxy added (the last one for a single nginx);
 * entries to its left came from the client and prove nothing.
 */
export function clientAddress(request: IncomingMessage, trustProxy: number): string {
  const peer = normalizeAddress(request.socket.remoteAddress ?? "");
  if (trustProxy <= 0) return peer;
  const header = request.headers["x-forwarded-for"];
  if (!header) return peer;
  const hops = (Array.isArray(header) ? header.join(",") : header)
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const candidate = hops[Math.max(0, hops.length - trustProxy)];
  return candidate && isIP(normalizeAddress(candidate)) ? normalizeAddress(candidate) : peer;
}

/** `::ffff:192.0.2.1` → `192.0.2.1`; `[2001:db8::1]` → `2001:db8::1`. */
export function normalizeAddress(address: string): string {
  const bare = address.replace(/^\[|\]$/g, "");
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  return mapped ? mapped[1]! : bare.toLowerCase();
}

/**
 * What the rate limit counts: an IPv4 address, or the /64 network of an IPv6 address, since
 * one household or phone usually has a whole /64 to rotate through.
 */
export function rateLimitKey(address: string): string {
  if (isIP(address) !== 6) return address;
  const [head = "", tail = ""] = address.split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  // An embedded IPv4 tail counts as two groups.
  const width = (groups: string[]) => groups.reduce((sum, group) => sum + (group.includes(".") ? 2 : 1), 0);
  const missing = address.includes("::") ? 8 - width(headGroups) - width(tailGroups) : 0;
  const groups = [...headGroups, ...Array<string>(Math.max(0, missing)).fill("0"), ...tailGroups];
  return `${groups
    .slice(0, 4)
    .map((group) => group.padStart(4, "0"))
    .join(":")}::/64`;
}
