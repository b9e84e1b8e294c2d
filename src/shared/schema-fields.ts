import { z } from "zod";
import { closestName } from "./closest-name.ts";

/**
 * Field builders for the schemas of site.config.yml and the Markdown front matter. Each carries
 * its own messages, written for the owner who edits the file ("is required; write it as ..."),
 * and a description that the JSON Schema hands to editors.
 */

interface TextOptions {
  description: string;
  /** What a valid value looks like, appended to every message: `e.g. info@example.com`. */
  hint?: string;
  pattern?: RegExp;
  /** A mistake the pattern would only call not valid, named with its own fix: the message, or undefined. */
  check?: (value: string) => string | undefined;
  optional?: boolean;
  /** Longest and shortest allowed length, after trimming. */
  max?: number;
  min?: number;
}

const withHint = (message: string, hint?: string) => (hint ? `${message}; ${hint}` : message);

/**
 * Text, trimmed; YAML numbers (`postalCode: 21100`) are taken as their digits. An optional field
 * that is missing or empty becomes "".
 */
export function text({ description, hint, pattern, check, optional, max, min }: TextOptions) {
  const input = z.union([z.string(), z.number()], {
    error: (issue) => (issue.input === undefined || issue.input === null ? withHint("is required", hint) : withHint("must be text", hint)),
  });
  const checked = input
    .transform((value) => String(value).trim())
    .refine((value) => optional || value !== "", { error: withHint("is required", hint), abort: true })
    .refine((value) => value === "" || check?.(value) === undefined, { error: (issue) => check!(String(issue.input)), abort: true })
    .refine((value) => value === "" || !pattern || pattern.test(value), {
      error: (issue) => withHint(`"${String(issue.input)}" is not valid`, hint),
      abort: true,
    })
    .refine((value) => !max || value.length <= max, { error: (issue) => `is ${String(issue.input).length} characters; keep it to ${max} at most` })
    .refine((value) => !min || value === "" || value.length >= min, { error: (issue) => `is ${String(issue.input).length} characters; write at least ${min}` })
    .meta({
      description,
      ...(pattern ? { pattern: optional ? `^$|${pattern.source}` : pattern.source } : {}),
      ...(max ? { maxLength: max } : {}),
      ...(min ? { minLength: min } : {}),
    });
  return optional ? checked.nullish().transform((value) => value ?? "") : checked;
}

/** A number within bounds. */
export function number({ description, min, max, hint }: { description: string; min: number; max: number; hint: string }) {
  const message = `must be a number from ${min} to ${max}; ${hint}`;
  return z.number({ error: message }).min(min, { error: message }).max(max, { error: message }).meta({ description });
}

/** One of a few words. */
export function oneOf<const T extends readonly [string, ...string[]]>(values: T, description: string) {
  const list = values.map((value) => `"${value}"`).join(" or ");
  return z.enum(values, { error: (issue) => `"${String(issue.input)}" is not allowed; use ${list}` }).meta({ description });
}

/**
 * A mapping of keys; a key it does not know is named, with the key meant where the name is close
 * to one (`emial:`), so a typo does not pass unnoticed.
 */
export function mapping<Shape extends z.core.$ZodLooseShape>(shape: Shape, description: string) {
  const keys = Object.keys(shape);
  return z
    .strictObject(shape, {
      error: (issue) =>
        issue.code === "unrecognized_keys"
          ? issue.keys
              .map((key) => {
                const meant = closestName(key, keys);
                return `unknown key "${key}"; ${meant ? `did you mean "${meant}"? The keys here are` : "the keys here are"} ${keys.join(", ")}`;
              })
              // One line per key: each is reported on its own line of the file (schemaProblems).
              .join("\n")
          : "must be a mapping (indented keys below it)",
    })
    .meta({ description });
}

/** A list of values. */
export function list<T extends z.ZodType>(item: T, { description, hint, minItems = 0 }: { description: string; hint: string; minItems?: number }) {
  return z
    .array(item, { error: (issue) => (issue.input === undefined || issue.input === null ? `is required; ${hint}` : `must be a list; ${hint}`) })
    .min(minItems, { error: `must list at least ${minItems}; ${hint}` })
    .meta({ description });
}
