import type { StoredMessage } from "./store.ts";
import { showInvisible } from "./visible-text.ts";

/** The fields of the e-mail the owner receives for one message (nodemailer's message options). */
export interface MailFields {
  from: string;
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  messageId: string;
  date: Date;
  disableFileAccess: true;
  disableUrlAccess: true;
}

/**
 * The e-mail for a stored message: from the site's own sender to the owner, the visitor's
 * address only as Reply-To, everything the visitor wrote in the plain-text body. Visitor text
 * that reaches a header (the subject) has its control characters replaced, and nodemailer
 * encodes it, so no field can add a header or a recipient. Invisible and bidirectional format
 * characters are shown as their code points (`<U+202E>`) in the subject and the body, so the
 * text cannot be made to read other than it is. The Message-ID is derived from the
 * stored message, so a message sent again after a crash is recognisably the same one.
 */
export function composeMail(stored: StoredMessage, { from, to }: { from: string; to: string }): MailFields {
  const message = { ...stored, name: showInvisible(stored.name), phone: showInvisible(stored.phone), message: showInvisible(stored.message) };
  const email = showInvisible(stored.email);
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? "localhost";
  const lines = [
    `Name: ${message.name}`,
    `Phone: ${message.phone}`,
    `E-mail: ${email || "(none)"}`,
    `Language: ${message.lang}`,
    `Received: ${message.receivedAt}`,
    `Message #${message.id}:`,
    "",
    message.message,
    "",
  ];
  return {
    from,
    to,
    ...(isPlainAddress(stored.email) && email === stored.email ? { replyTo: stored.email } : {}),
    subject: headerText(`Website message #${message.id}: ${message.name}, ${message.phone}`).slice(0, 200),
    text: lines.join("\n"),
    messageId: `<contact-${message.uid}@${domain}>`,
    date: new Date(message.receivedAt),
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}

/** Text safe in a header: control characters and line separators become spaces. */
export function headerText(text: string): string {
  return text.replace(/[\0-\x1f\x7f-\x9f\u2028\u2029]+/g, " ");
}

/** One bare address, nothing an address parser could read as a name, a group or a second address. */
function isPlainAddress(email: string): boolean {
  return /^[^\s<>,;:"()[\]\\@]+@[^\s<>,;:"()[\]\\@]+$/.test(email);
}
