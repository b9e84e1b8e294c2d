/**
 * The contact form's states, in one place: `idle` → `sending` → `sent` or `failed`, and back
 * to `sending` on the next attempt. A post made without script arrives with its outcome already
 * decided (`sent` or `failed`, told inside the form); with script every outcome is told in a
 * notification instead.
 */
export type FieldName = "name" | "phone" | "email" | "message";

export interface Notification {
  id: number;
  title: string;
  text: string;
  destructive: boolean;
}

export interface FormState {
  status: "idle" | "sending" | "sent" | "failed";
  /** The failure, in the page's language. */
  error: string;
  /** Whether the outcome is told inside the form (after a post without script). */
  inline: boolean;
  /**
   * After a send with script: the notification told it and goes; the "sent" block inside the form
   * stays, so the page still says the message went, until the visitor writes in the form again.
   */
  kept: boolean;
  /** The fields marked aria-invalid. */
  invalid: readonly FieldName[];
  /** The notifications shown, oldest first. */
  notifications: readonly Notification[];
  nextId: number;
}

export type FormEvent =
  /** The form was checked before sending and something is missing or wrong. */
  | { type: "refused"; title: string; text: string; invalid: FieldName[] }
  | { type: "send" }
  | { type: "sent"; title: string; text: string }
  | { type: "failed"; title: string; text: string }
  | { type: "edited"; field: string }
  | { type: "dismissed"; id: number };

/** At most this many notifications at once; a new one pushes out the oldest. */
export const maxNotifications = 3;

/** The state a page starts in: empty, or with the outcome of a post made without script. */
export function initialFormState(outcome?: { status: "sent" } | { status: "error"; text: string; invalid?: readonly FieldName[] }): FormState {
  const base = { error: "", invalid: [], notifications: [], nextId: 1, kept: false };
  if (!outcome) return { ...base, status: "idle", inline: false };
  return outcome.status === "sent"
    ? { ...base, status: "sent", inline: true }
    : { ...base, status: "failed", inline: true, error: outcome.text, invalid: outcome.invalid ?? [] };
}

export function formReducer(state: FormState, event: FormEvent): FormState {
  const notify = (next: Partial<FormState>, title: string, text: string, destructive: boolean): FormState => ({
    ...state,
    ...next,
    inline: false,
    notifications: [...(next.notifications ?? state.notifications), { id: state.nextId, title, text, destructive }].slice(-maxNotifications),
    nextId: state.nextId + 1,
  });
  // Errors are about the last attempt: a new attempt's outcome makes those before it stale.
  const withoutErrors = state.notifications.filter((notification) => !notification.destructive);
  switch (event.type) {
    case "refused":
      return state.status === "sending"
        ? state
        : notify({ status: "failed", error: event.text, invalid: event.invalid, notifications: withoutErrors }, event.title, event.text, true);
    case "send":
      return state.status === "sending" ? state : { ...state, status: "sending", inline: false, kept: false, invalid: [] };
    case "sent":
      return state.status === "sending"
        ? {
            ...notify({ status: "sent", error: "", notifications: withoutErrors }, event.title, event.text, false),
            kept: true,
          }
        : state;
    case "failed":
      return state.status === "sending" ? notify({ status: "failed", error: event.text, notifications: withoutErrors }, event.title, event.text, true) : state;
    case "edited":
      // A new message begun: the block that said the last one went goes.
      if (state.status === "sent") return { ...state, status: "idle", inline: false, kept: false };
      return state.invalid.includes(event.field as FieldName) ? { ...state, invalid: state.invalid.filter((field) => field !== event.field) } : state;
    case "dismissed":
      return { ...state, notifications: state.notifications.filter((notification) => notification.id !== event.id) };
  }
}
