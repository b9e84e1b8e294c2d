import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

export const repoRoot = path.resolve(import.meta.dirname, "../..");

/**
 * Runs `site <args>` on the project's Node (the CLI of `project`, this one unless said), from the
 * folder `cwd` (the project's), and resolves once it prints its URL.
 */
export function startSite(
  args: string[],
  env: NodeJS.ProcessEnv = {},
  project = repoRoot,
  cwd = project,
): Promise<{ url: string; process: ChildProcess; output: () => string; streams: () => { stdout: string; stderr: string } }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(project, "bin/site.js"), ...args], {
      cwd,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    const streams = { stdout: "", stderr: "" };
    const onData = (stream: "stdout" | "stderr") => (chunk: Buffer) => {
      output += chunk.toString();
      streams[stream] += chunk.toString();
      const match = /(http:\/\/[\w.[\]-]+:\d+)/.exec(output);
      if (match) resolve({ url: match[1]!, process: child, output: () => output, streams: () => streams });
    };
    child.stdout!.on("data", onData("stdout"));
    child.stderr!.on("data", onData("stderr"));
    child.on("exit", (code) => reject(new Error(`site ${args.join(" ")} exited with ${code}:\n${output}`)));
  });
}

/** Runs `site <args>` to completion; rejects with its output when it fails. */
export function runSite(args: string[], env: NodeJS.ProcessEnv = {}, cwd = repoRoot): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(repoRoot, "bin/site.js"), ...args], {
      cwd,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("exit", (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}
