import { createRequire } from "node:module";
import { CORE_SCHEMA, load } from "js-yaml";
import type { Node } from "yaml";
import type { z } from "zod";
import type { Problem } from "./errors.ts";

export interface Position {
  line: number;
  column: number;
}

export interface YamlSource {
  value: unknown;
  /** Where the value at `path` is written; for a missing key, where its mapping is. */
  positionOf(path: readonly PropertyKey[], options?: { key?: boolean }): Position;
}

/**
 * Parses YAML keeping where every node is written, so a problem found later (by the schema)
 * points at its own line and column. `firstLine` is the file line the text starts on (front
 * matter starts on line 2, after `---`). A syntax error is thrown as a Problem.
 *
 * The value is read by js-yaml with YAML 1.2's core schema (the schema `yaml` reads with: the
 * same values, a test compares them), several times faster. Where a node is written is found
 * only when a position is asked for, that is when there is a problem to show or a photo of the
 * config to point at: js-yaml reads the text again, telling where each node opens (the same
 * places as `yaml` gives, a test compares them node by node). Text js-yaml does not take (a
 * syntax error, a key written twice) is read by `yaml`, whose message and position the problem gets.
 */
export function parseYamlSource(text: string, file: string, firstLine = 1): YamlSource {
  let value: unknown;
  try {
    value = load(text, { schema: CORE_SCHEMA });
  } catch {
    return parseWithPositions(text, file, firstLine);
  }
  let root: WrittenNode | undefined;
  return {
    value,
    positionOf(path, { key = false } = {}) {
      root ??= writtenNodes(text);
      let node = root;
      let found = 0;
      for (const [index, segment] of path.entries()) {
        if (node?.kind === "mapping") {
          const at = node.children.findIndex((child, place) => place % 2 === 0 && String(child.result) === String(segment));
          if (at === -1) break;
          found = startOf(text, node.children[at]!);
          node = node.children[at + 1];
          if (!key && index === path.length - 1 && node) found = startOf(text, node);
        } else if (node?.kind === "sequence" && typeof segment === "number" && node.children[segment]) {
          node = node.children[segment];
          found = startOf(text, node);
        } else break;
      }
      return positionAt(text, found, firstLine);
    },
  };
}

/** A node as js-yaml reads it: where it opens, what it is, and its own nodes (a mapping's keys and values in turn). */
interface WrittenNode {
  open: number;
  kind?: string | null;
  result?: unknown;
  children: WrittenNode[];
}

function writtenNodes(text: string): WrittenNode | undefined {
  const top: WrittenNode = { open: 0, children: [] };
  const open = [top];
  load(text, {
    schema: CORE_SCHEMA,
    listener(event, state) {
      if (event === "open") {
        const node: WrittenNode = { open: state.position, children: [] };
        open.at(-1)!.children.push(node);
        open.push(node);
      } else {
        const node = open.pop()!;
        node.kind = state.kind;
        node.result = state.result;
      }
    },
  });
  return top.children[0];
}

/**
 * Where a node's own text starts, as `yaml` places it: js-yaml opens a node where the text before
 * it ends (after `key:`), so the spaces, line breaks and comments before it are passed over, then
 * its tag and anchor. An empty value (`key:` alone: js-yaml gives it no kind, as it gives none to
 * an alias) is where it opens.
 */
function startOf(text: string, node: WrittenNode): number {
  let index = node.open;
  const blank = () => {
    for (;;) {
      while (index < text.length && " \t\r\n".includes(text[index]!)) index++;
      if (text[index] !== "#") return;
      while (index < text.length && text[index] !== "\n") index++;
    }
  };
  blank();
  while (text[index] === "!" || text[index] === "&") {
    while (index < text.length && !" \t\r\n".includes(text[index]!)) index++;
    blank();
  }
  return node.kind === null || node.kind === undefined ? (text[index] === "*" ? index : node.open) : index;
}

/** The line and column of an index of the text, the text's first line being `firstLine`. */
function positionAt(text: string, index: number, firstLine: number): Position {
  const lineStart = text.lastIndexOf("\n", index - 1) + 1;
  let line = firstLine;
  for (let at = text.indexOf("\n"); at !== -1 && at < index; at = text.indexOf("\n", at + 1)) line++;
  return { line, column: index - lineStart + 1 };
}

/** The YAML reader's most common complaints in the words of the person who wrote the file, and what to do. */
function plainReason(reason: string, text: string, offset: number, at: (offset: number) => Position): string {
  const lineText = text.slice(text.lastIndexOf("\n", offset - 1) + 1).split("\n")[0]!;
  if (reason.startsWith("Tabs are not allowed")) return `${reason}: indent with spaces, or start the field at the line's beginning`;
  if (reason.startsWith("Map keys must be unique")) {
    const key = /^\s*([^:#\s][^:#]*?)\s*:/.exec(lineText)?.[1];
    const first = key ? new RegExp(`^\\s*${key.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\s*:`, "m").exec(text) : null;
    return key && first && first.index < offset
      ? `"${key}" is written twice (first on line ${at(first.index).line}); keep one`
      : `${reason}: a field is written twice; keep one`;
  }
  if (reason.startsWith("Nested mappings are not allowed in compact mappings") || reason.startsWith("Implicit map keys need to be followed by map values"))
    return `${reason}: a value with a colon in it must be in quotes, e.g. title: "Opening hours: 08:00-20:00"`;
  if (reason.startsWith("Missing closing")) return `${reason}: end the value with the same quote it starts with`;
  if (reason.startsWith("Flow sequence") || reason.startsWith("Flow map")) return `${reason}: close the list with ] (or the map with })`;
  return `${reason}: check the line for a missing quote, colon or bracket`;
}

// Loaded for text js-yaml does not take: a build with no such text never needs it (it takes a
// hundredth of a second to load).
let loaded: typeof import("yaml") | undefined;
const yaml = () => (loaded ??= createRequire(import.meta.url)("yaml") as typeof import("yaml"));

function parseWithPositions(text: string, file: string, firstLine: number): YamlSource {
  const { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument } = yaml();
  const lines = new LineCounter();
  const document = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  const at = (offset: number): Position => {
    const { line, col } = lines.linePos(offset);
    return { line: line + firstLine - 1, column: col };
  };
  const [error] = document.errors;
  if (error) {
    const reason = plainReason(error.message.split("\n")[0]!.replace(/ at line \d+, column \d+:?$/, ""), text, error.pos[0], at);
    throw Object.assign(new Error(reason), { problem: { file, ...at(error.pos[0]), message: reason } satisfies Problem });
  }
  return {
    value: document.toJS(),
    positionOf(path, { key = false } = {}) {
      let node: unknown = document.contents;
      let found: Position = at(0);
      for (const [index, segment] of path.entries()) {
        if (isMap(node)) {
          const pair = node.items.find((item) => isPair(item) && isScalar(item.key) && String(item.key.value) === String(segment));
          if (!pair) return found;
          const keyNode = pair.key as Node;
          found = at(keyNode.range?.[0] ?? 0);
          node = pair.value;
          if (!key && index === path.length - 1 && (node as Node | null)?.range) found = at((node as Node).range![0]);
        } else if (isSeq(node) && typeof segment === "number" && node.items[segment]) {
          node = node.items[segment];
          found = at((node as Node).range?.[0] ?? 0);
        } else return found;
      }
      return found;
    },
  };
}

/**
 * The schema's findings as Problems at their own place in the file. `describe` words each one
 * (the config says `phone: ...`, front matter says `"title" ...`).
 */
export function schemaProblems(
  source: YamlSource,
  file: string,
  issues: readonly z.core.$ZodIssue[],
  describe: (path: string, message: string) => string,
): Problem[] {
  return issues.flatMap((issue) => {
    if (issue.code === "unrecognized_keys") {
      // A message of a line per key (front matter's) is reported at each key; one line, at the first.
      const lines = issue.message.split("\n");
      const each = lines.length === issue.keys.length;
      return (each ? issue.keys : issue.keys.slice(0, 1)).map((key, index) => ({
        file,
        ...source.positionOf([...issue.path, key], { key: true }),
        message: describe(dotted(issue.path), each ? lines[index]! : issue.message),
      }));
    }
    return [{ file, ...source.positionOf(issue.path), message: describe(dotted(issue.path), issue.message) }];
  });
}

/** `["armoredDoorPackages", "packages", 2, "price"]` → `armoredDoorPackages.packages[2].price`. */
export function dotted(path: readonly PropertyKey[]): string {
  return path.map((segment, index) => (typeof segment === "number" ? `[${segment}]` : `${index ? "." : ""}${String(segment)}`)).join("");
}
