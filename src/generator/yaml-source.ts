import { CORE_SCHEMA, load } from "js-yaml";
import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Node } from "yaml";
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
 * same values, a test compares them), several times faster; where every node is written is read
 * by `yaml` only when a position is asked for, that is when there is a problem to show. Text
 * js-yaml does not take (a syntax error, a key written twice) is read by `yaml`, whose message
 * and position the problem gets.
 */
export function parseYamlSource(text: string, file: string, firstLine = 1): YamlSource {
  let value: unknown;
  try {
    value = load(text, { schema: CORE_SCHEMA });
  } catch {
    return parseWithPositions(text, file, firstLine);
  }
  let positions: YamlSource | undefined;
  return {
    value,
    positionOf(path, options) {
      try {
        positions ??= parseWithPositions(text, file, firstLine);
      } catch {
        // Text js-yaml takes and `yaml` does not: the problem is shown at the text's start.
        return { line: firstLine, column: 1 };
      }
      return positions.positionOf(path, options);
    },
  };
}

function parseWithPositions(text: string, file: string, firstLine: number): YamlSource {
  const lines = new LineCounter();
  const document = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  const at = (offset: number): Position => {
    const { line, col } = lines.linePos(offset);
    return { line: line + firstLine - 1, column: col };
  };
  const [error] = document.errors;
  if (error) {
    const reason = error.message.split("\n")[0]!.replace(/ at line \d+, column \d+:?$/, "");
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
  return issues.map((issue) => {
    const unknownKey = issue.code === "unrecognized_keys" ? issue.keys[0] : undefined;
    const position = source.positionOf(unknownKey === undefined ? issue.path : [...issue.path, unknownKey], { key: unknownKey !== undefined });
    return { file, ...position, message: describe(dotted(issue.path), issue.message) };
  });
}

/** `["armoredDoorPackages", "packages", 2, "price"]` → `armoredDoorPackages.packages[2].price`. */
export function dotted(path: readonly PropertyKey[]): string {
  return path.map((segment, index) => (typeof segment === "number" ? `[${segment}]` : `${index ? "." : ""}${String(segment)}`)).join("");
}
