/** The largest body the endpoint reads: the form's fields at their limits fit several times over. */
export const maxBodyBytes = 16 * 1024;

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** Whether a Content-Type header names an urlencoded form in UTF-8 (or with no charset). */
export function isFormContentType(header: string | undefined): boolean {
  if (!header) return false;
  const [type, ...params] = header.split(";").map((part) => part.trim().toLowerCase());
  if (type !== "application/x-www-form-urlencoded") return false;
  return params.every((param) => !param.startsWith("charset=") || /^charset="?utf-8"?$/.test(param));
}

/**
 * Parses `application/x-www-form-urlencoded` strictly, unlike URLSearchParams, which accepts
 * anything: a `%` not followed by two hex digits, bytes that are not UTF-8, a field given twice
 * or more than `maxFields` fields make the whole body malformed (null). Fields named in `keep`
 * are returned; others are skipped.
 */
export function parseForm(body: Buffer, keep: ReadonlySet<string>, maxFields = 64): Map<string, string> | null {
  const fields = new Map<string, string>();
  const text = body.toString("latin1");
  let count = 0;
  for (const pair of text.split("&")) {
    if (!pair) continue;
    if (++count > maxFields) return null;
    const equals = pair.indexOf("=");
    const name = decodeComponent(equals === -1 ? pair : pair.slice(0, equals));
    const value = decodeComponent(equals === -1 ? "" : pair.slice(equals + 1));
    if (name === null || value === null) return null;
    if (!keep.has(name)) continue;
    if (fields.has(name)) return null;
    fields.set(name, value);
  }
  return fields;
}

/** Decodes one urlencoded name or value (`+` is a space); null when malformed. */
function decodeComponent(latin1: string): string | null {
  const bytes = Buffer.allocUnsafe(latin1.length);
  let length = 0;
  for (let index = 0; index < latin1.length; index++) {
    const code = latin1.charCodeAt(index);
    if (code === 0x25) {
      const hex = latin1.slice(index + 1, index + 3);
      if (!/^[0-9a-fA-F]{2}$/.test(hex)) return null;
      bytes[length++] = parseInt(hex, 16);
      index += 2;
    } else bytes[length++] = code === 0x2b ? 0x20 : code;
  }
  try {
    return utf8.decode(bytes.subarray(0, length));
  } catch {
    return null;
  }
}
