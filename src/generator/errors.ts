/** One problem found in the site's sources, pointing at the file (and line) to fix. */
export interface Problem {
  file: string;
  line?: number;
  column?: number;
  message: string;
}

/** A build that cannot go on. Carries every problem found, so the owner fixes them in one pass. */
export class BuildError extends Error {
  readonly problems: Problem[];
  constructor(problems: Problem[], options?: { cause?: unknown }) {
    super(formatProblems(problems), options);
    this.name = "BuildError";
    this.problems = problems;
  }
}

export function formatProblem({ file, line, column, message }: Problem): string {
  return `${file}${line ? `:${line}${column ? `:${column}` : ""}` : ""}: ${message}`;
}

export function formatProblems(problems: Problem[]): string {
  // Files in the order they were found, each file's problems from top to bottom.
  const order = [...new Set(problems.map((problem) => problem.file))];
  problems = [...problems].sort((a, b) => order.indexOf(a.file) - order.indexOf(b.file) || (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0));
  const count = problems.length === 1 ? "1 problem" : `${problems.length} problems`;
  return `${problems.map(formatProblem).join("\n")}\n\nBuild failed: ${count}.`;
}

/** Collects problems across a stage, then fails once with all of them. */
export class ProblemList {
  readonly items: Problem[] = [];
  add(file: string, message: string, line?: number, column?: number): void {
    this.items.push(line ? (column ? { file, line, column, message } : { file, line, message }) : { file, message });
  }
  push(...problems: Problem[]): void {
    this.items.push(...problems);
  }
  throwIfAny(): void {
    if (this.items.length > 0) throw new BuildError(this.items);
  }
}

/** The 1-based line on which `needle` first appears in `text`, if it does. */
export function lineOf(text: string, needle: RegExp): number | undefined {
  const index = text.search(needle);
  return index < 0 ? undefined : text.slice(0, index).split("\n").length;
}
