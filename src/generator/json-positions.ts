import type { Position } from "./yaml-source.ts";

/** Where one value of a JSON text is written: its key (in a mapping) and the value itself, as offsets. */
interface Written {
  key?: number;
  value: number;
}

export interface JsonPositions {
  /**
   * Where the value at `path` (`["why", "list", 2]`) is written, or its key with `key`; for a
   * path the text lacks, where the nearest value it has is. `inString` is an index in the
   * string's own text, whose place is found past the escapes (`\"`, `\u00e9`) written before it.
   */
  positionOf(path: readonly (string | number)[], options?: { key?: boolean; inString?: number }): Position;
}

/** Finds where each value of a JSON text (one JSON.parse has read) is written, for messages. */
export function jsonPositions(text: string): JsonPositions {
  const written = new Map<string, Written>();
  let index = 0;
  const blank = () => {
    while (index < text.length && " \t\r\n".includes(text[index]!)) index++;
  };
  const string = () => {
    const start = index++;
    while (text[index] !== '"') index += text[index] === "\\" ? 2 : 1;
    index++;
    return JSON.parse(text.slice(start, index)) as string;
  };
  const value = (path: (string | number)[], key?: number) => {
    blank();
    written.set(JSON.stringify(path), { key, value: index });
    const open = text[index];
    if (open === "{" || open === "[") {
      index++;
      blank();
      for (let item = 0; text[index] !== (open === "{" ? "}" : "]"); item++) {
        if (open === "{") {
          const at = index;
          const name = string();
          blank();
          index++; // the colon
          value([...path, name], at);
        } else value([...path, item]);
        blank();
        if (text[index] === ",") index++;
        blank();
      }
      index++;
    } else if (open === '"') string();
    else while (index < text.length && !",]} \t\r\n".includes(text[index]!)) index++;
  };
  value([]);

  return {
    positionOf(path, { key = false, inString } = {}) {
      let found: Written | undefined;
      for (let length = path.length; !found && length >= 0; length--) found = written.get(JSON.stringify(path.slice(0, length)));
      let at = (key ? found!.key : undefined) ?? found!.value;
      if (inString !== undefined && text[at] === '"') {
        at++;
        for (let char = 0; char < inString; char++) at += text[at] !== "\\" ? 1 : text[at + 1] === "u" ? 6 : 2;
      }
      const lineStart = text.lastIndexOf("\n", at - 1) + 1;
      return { line: text.slice(0, at).split("\n").length, column: at - lineStart + 1 };
    },
  };
}
