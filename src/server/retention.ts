import { retentionCutoff } from "../shared/retention.ts";
import type { Logger } from "./log.ts";
import type { MessageStore } from "./store-client.ts";

const day = 86_400_000;

/**
 * Deletes the messages older than `period` (the build's `retention.messages`) at start-up and
 * then once a day, whether or not they were e-mailed. A run the store cannot do (locked, full)
 * is tried again an hour later.
 */
export function scheduleRetention({
  store,
  period,
  log,
  intervalMs = day,
  retryMs = day / 24,
}: {
  store: Pick<MessageStore, "purge">;
  period: string;
  log: Logger;
  intervalMs?: number;
  retryMs?: number;
}): { stop(): void } {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const run = async () => {
    const before = retentionCutoff(period);
    let next = intervalMs;
    try {
      const result = await store.purge(before);
      log.info("retention.purged", { olderThan: period, before: before.toISOString(), ...result });
    } catch (error) {
      log.warn("retention.failed", { olderThan: period, reason: error instanceof Error ? error.message : String(error), retryInMs: retryMs });
      next = retryMs;
    }
    if (!stopped) timer = setTimeout(() => void run(), next).unref();
  };
  void run();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
