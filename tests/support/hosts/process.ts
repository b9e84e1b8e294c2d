import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";

/** A port nothing listens on right now, for tools that cannot be told to pick one (port 0). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface Started {
  child: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts a command in a process group of its own and waits until `url` answers over HTTP (any
 * status); rejects with everything the command printed if it exits or takes too long.
 */
export async function startServing(
  command: string,
  args: string[],
  options: { url: string; cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs: number },
): Promise<Started> {
  const child = spawn(command, args, { cwd: options.cwd, env: { ...process.env, ...options.env }, stdio: ["ignore", "pipe", "pipe"], detached: true });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<string>((resolve) => {
    child.on("error", (error) => resolve(String(error)));
    child.on("exit", (code, signal) => resolve(`exited with ${code ?? signal}`));
  });
  let gone: string | undefined;
  void exited.then((reason) => (gone = reason));
  const started = { child, output: () => output, stop: () => stopProcess(child) };
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    if (gone) throw new Error(`${command} ${gone}:\n${output}`);
    const answered = await fetch(options.url, { redirect: "manual", signal: AbortSignal.timeout(2_000) }).then(
      () => true,
      () => false,
    );
    if (answered) return started;
    if (Date.now() > deadline) {
      await started.stop();
      throw new Error(`${command} did not answer ${options.url} within ${options.timeoutMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Stops a process started by startServing and everything it started (its process group). */
export function stopProcess(child: ChildProcess, signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = (sig: NodeJS.Signals) => {
      try {
        process.kill(-child.pid!, sig);
      } catch {
        // Already gone.
      }
    };
    const force = setTimeout(() => kill("SIGKILL"), 5_000);
    child.once("exit", () => {
      clearTimeout(force);
      resolve();
    });
    kill(signal);
  });
}
