const pipeBuffer = 4096;

/** A value a log line can carry; undefined fields are left out. */
export type LogFields = Record<string, string | number | boolean | null | undefined>;

export interface Logger {
  info(event: string, fields?: LogFields): void;
  warn(event: string, fields?: LogFields): void;
  error(event: string, fields?: LogFields): void;
  /** Writes what is buffered now; the logger also flushes on its own once per event-loop turn. */
  flush(): void;
}

/**
 * One JSON object per line: `{"time":"…","level":"info","event":"request","status":200,…}`.
 * Lines are buffered for one event-loop turn and written together, so a busy server makes one
 * write per turn rather than one per request.
 */
export function createLogger(write: (chunk: string) => void = (chunk) => process.stdout.write(chunk)): Logger {
  let buffer = "";
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (!buffer) return;
    // Several processes may share one stdout, and a write of up to 4 KB (PIPE_BUF) to a pipe is
    // never interleaved with another's: lines go out in whole-line chunks of at most that size.
    let chunk = "";
    let bytes = 0;
    for (const line of buffer.slice(0, -1).split("\n")) {
      const size = Buffer.byteLength(line) + 1;
      if (bytes && bytes + size > pipeBuffer) {
        write(chunk);
        chunk = "";
        bytes = 0;
      }
      chunk += `${line}\n`;
      bytes += size;
    }
    buffer = "";
    write(chunk);
  };
  const line = (level: string, event: string, fields?: LogFields) => {
    buffer += `${JSON.stringify({ time: new Date().toISOString(), level, event, ...fields })}\n`;
    if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
  };
  return {
    info: (event, fields) => line("info", event, fields),
    warn: (event, fields) => line("warn", event, fields),
    error: (event, fields) => line("error", event, fields),
    flush,
  };
}

/** A logger that drops everything, for tests that only care about behaviour. */
export const silentLogger: Logger = { info() {}, warn() {}, error() {}, flush() {} };
