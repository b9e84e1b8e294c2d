import { parseForm } from "./form-body.ts";
import type { MessageKey } from "../shared/manifest.ts";
import { stripInvisible } from "./visible-text.ts";

/** Field limits, in UTF-16 code units as the browser's maxlength counts them. */
export const limits = { name: 100, phone: 40, email: 254, message: 5000 } as const;

/** The fields of the contact form, as posted. */
export const formFields = new Set(["name", "phone", "email", "message", "honey", "g-recaptcha-response", "lang"]);

/** A message that passed the rules, trimmed, newlines as LF. */
export interface ContactMessage {
  name: string;
  phone: string;
  email: string;
  message: string;
}

export interface ParsedForm {
  values: ContactMessage;
  honey: string;
  token: string;
  lang: string | undefined;
}

/** A refusal: the HTTP status of the JSON answer and which text the visitor reads. */
export interface Refusal {
  status: number;
  key: MessageKey;
}

/** Rule 1 (encoding): the body parsed into the form's fields, or a 400. */
export function parseContactForm(body: Buffer): ParsedForm | Refusal {
  const fields = parseForm(body, formFields);
  if (!fields) return { status: 400, key: "invalid" };
  const get = (name: string) => fields.get(name) ?? "";
  return {
    values: { name: get("name"), phone: get("phone"), email: get("email"), message: get("message") },
    honey: get("honey"),
    token: get("g-recaptcha-response").trim(),
    lang: fields.get("lang"),
  };
}

/** Rule 2: a filled-in trap field means a bot; it is told "sent" and nothing is kept. */
export function isTrapped(form: ParsedForm): boolean {
  return form.honey.trim() !== "";
}

// Line breaks and other controls that could split a header or drive a terminal: CR, LF, NUL,
// the rest of C0, DEL, C1 (NEL among them) and the Unicode line and paragraph separators.
const singleLineForbidden = /[\0-\x1f\x7f-\x9f\u2028\u2029]/;
// A message may hold tabs and line breaks, no other control character.
const messageForbidden = /[\0-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]/;
// What a browser accepts in <input type="email"> (the HTML standard's definition).
const emailPattern = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/**
 * Rule 3, in this order: control characters (400 invalid), required fields (422 required),
 * lengths (422 tooLong), the e-mail address when given (422 email). Invisible and bidirectional
 * format characters are dropped from the single-line fields first (src/server/visible-text.ts).
 */
export function checkMessage(values: ContactMessage): { ok: true; message: ContactMessage } | ({ ok: false } & Refusal) {
  const message: ContactMessage = {
    name: stripInvisible(values.name).trim(),
    phone: stripInvisible(values.phone).trim(),
    email: stripInvisible(values.email).trim(),
    // Browsers send a textarea's line breaks as CRLF, but count them as one character for maxlength.
    message: values.message.replace(/\r\n?/g, "\n").trim(),
  };
  if (
    singleLineForbidden.test(message.name) ||
    singleLineForbidden.test(message.phone) ||
    singleLineForbidden.test(message.email) ||
    messageForbidden.test(message.message)
  )
    return { ok: false, status: 400, key: "invalid" };
  if (!message.name || !message.phone || !message.message) return { ok: false, status: 422, key: "required" };
  if (
    message.name.length > limits.name ||
    message.phone.length > limits.phone ||
    message.email.length > limits.email ||
    message.message.length > limits.message
  )
    return { ok: false, status: 422, key: "tooLong" };
  if (message.email && !emailPattern.test(message.email)) return { ok: false, status: 422, key: "email" };
  return { ok: true, message };
}

/**
 * The fields a refusal is about, so the page can mark each one and say why next to it: the
 * empty required fields, the fields over their limit, or the e-mail address.
 */
export function invalidFields(values: ContactMessage, key: MessageKey): (keyof ContactMessage)[] {
  const fields = ["name", "phone", "email", "message"] as const;
  const value = (field: keyof ContactMessage) => (field === "message" ? values.message.replace(/\r\n?/g, "\n") : values[field]).trim();
  if (key === "required") return fields.filter((field) => field !== "email" && !value(field));
  if (key === "tooLong") return fields.filter((field) => value(field).length > limits[field]);
  if (key === "email") return ["email"];
  return [];
}
