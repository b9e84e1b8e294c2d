import { useEffect, useRef } from "react";
import type { Notification } from "./form-state.ts";

/** SVG markup for the notifications' icons, made at build time (the browser has no icon set). */
export interface NotificationIcons {
  success: string;
  failure: string;
  close: string;
}

// Long enough to read a sentence twice; errors stay longer. Hovering or focusing a notification
// holds it (WCAG 2.2.1); the close button removes it at once.
const durations = { normal: 6000, destructive: 10000 };

interface NotificationsProps {
  notifications: readonly Notification[];
  icons: NotificationIcons;
  /** The close button's accessible name. */
  dismiss: string;
  onDismiss(id: number): void;
  /** Where the focus goes when a notification is closed from the keyboard (it would be lost with it). */
  returnFocus(): void;
}

/**
 * The live region: under the fixed header on phones, bottom right on wider screens. While it
 * shows, the page's scroll padding keeps clear of it, so a field that takes the focus (the first
 * refused one, or the next one tabbed to) is scrolled out from under it rather than hidden by it.
 */
export function Notifications({ notifications, icons, dismiss, onDismiss, returnFocus }: NotificationsProps) {
  const stack = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const { style } = document.documentElement;
    style.removeProperty("scroll-padding-top");
    style.removeProperty("scroll-padding-bottom");
    const box = stack.current?.getBoundingClientRect();
    if (!notifications.length || !box?.height) return;
    if (box.top < innerHeight / 2) style.scrollPaddingTop = `${Math.ceil(box.bottom) + 8}px`;
    else style.scrollPaddingBottom = `${Math.ceil(innerHeight - box.top) + 8}px`;
  }, [notifications]);
  return (
    <div
      id="toasts"
      ref={stack}
      aria-live="polite"
      className="pointer-events-none fixed inset-x-2 top-[6.75rem] z-[60] mx-auto flex max-w-md flex-col gap-2 sm:top-auto sm:right-4 sm:bottom-4 sm:left-auto sm:w-96"
    >
      {notifications.map((notification) => (
        <Toast key={notification.id} notification={notification} icons={icons} dismiss={dismiss} onDismiss={onDismiss} returnFocus={returnFocus} />
      ))}
    </div>
  );
}

function Toast({ notification, icons, dismiss, onDismiss, returnFocus }: { notification: Notification } & Omit<NotificationsProps, "notifications">) {
  const { id, title, text, destructive } = notification;
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const hold = () => clearTimeout(timer.current);
  const release = () => {
    hold();
    timer.current = setTimeout(() => onDismiss(id), destructive ? durations.destructive : durations.normal);
  };
  useEffect(() => {
    release();
    return hold;
    // The timer starts once, when the notification appears.
  }, []);
  return (
    <div
      role={destructive ? "alert" : undefined}
      data-destructive={destructive ? "" : undefined}
      className="pointer-events-auto flex items-start gap-3 rounded-xl border border-emerald-300 bg-emerald-50 p-4 text-emerald-950 shadow-lg data-destructive:border-red-800 data-destructive:bg-red-700 data-destructive:text-white motion-safe:transition motion-safe:duration-200 motion-safe:starting:-translate-y-2 motion-safe:starting:opacity-0 sm:motion-safe:starting:translate-y-2"
      onMouseEnter={hold}
      onMouseLeave={release}
      onFocusCapture={hold}
      onBlurCapture={release}
    >
      <span className="mt-0.5 shrink-0" dangerouslySetInnerHTML={{ __html: destructive ? icons.failure : icons.success }} />
      <p className="min-w-0 flex-1">
        <strong className="block" data-toast-title>
          {title}
        </strong>
        <span data-toast-text>{text}</span>
      </p>
      <button
        type="button"
        data-toast-close
        aria-label={dismiss}
        className="-m-2 inline-flex size-11 shrink-0 items-center justify-center rounded-lg hover:bg-black/10 focus-visible:outline-3 focus-visible:outline-sky-600"
        onClick={(event) => {
          // A click from the keyboard (Enter or Space) has no count of mouse clicks.
          if (event.detail === 0) returnFocus();
          onDismiss(id);
        }}
        dangerouslySetInnerHTML={{ __html: icons.close }}
      />
    </div>
  );
}
