import { useEffect, useRef, useState } from "react";
import { initAnalytics, setAnalyticsConsent } from "../../client/analytics.ts";
import { readStored, store } from "../../client/storage.ts";

/** Where the visitor's analytics choice is kept: "granted" or "denied". */
export const consentKey = "analytics-consent";

export interface ConsentBannerProps {
  measurementId: string;
  title: string;
  text: string;
  policy: { href: string; text: string };
  reject: string;
  accept: string;
}

type Choice = "granted" | "denied";

// Accept and reject look the same: neither choice is nudged.
const button =
  "flex-[1_1_9rem] rounded-xl border border-slate-900 bg-slate-900 px-4 py-2 font-semibold text-white hover:bg-slate-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-sky-600";

/**
 * Asks before any analytics runs (the page has it only where a measurement id is configured).
 * It shows until the visitor chooses; the choice is remembered, and the footer's
 * `[data-consent-open]` button shows the banner again with the current choice focused.
 */
export function ConsentBanner({ measurementId, title, text, policy, reject, accept }: ConsentBannerProps) {
  const [shown, setShown] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  const choices = useRef<Partial<Record<Choice, HTMLButtonElement | null>>>({});
  const focusChoice = useRef(false);

  useEffect(() => {
    initAnalytics(measurementId);
    const stored = readStored(consentKey);
    if (stored === "granted") setAnalyticsConsent(true);
    else if (stored !== "denied") setShown(true);
    const onClick = (event: MouseEvent) => {
      const button = (event.target as Element).closest<HTMLElement>("[data-consent-open]");
      if (!button) return;
      opener.current = button;
      focusChoice.current = true;
      setShown(true);
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [measurementId]);

  useEffect(() => {
    if (!shown || !focusChoice.current) return;
    focusChoice.current = false;
    choices.current[readStored(consentKey) === "granted" ? "granted" : "denied"]?.focus();
  });

  const choose = (choice: Choice) => {
    store(consentKey, choice);
    setShown(false);
    setAnalyticsConsent(choice === "granted");
    // Back to the footer's button that opened it; shown unasked, on to the page it covered.
    (opener.current ?? document.getElementById("main"))?.focus({ preventScroll: true });
    opener.current = null;
  };
  // Under the header, never over a call button: the header's own is above it, and every page's
  // first call button sits lower than the bar reaches.
  return (
    <section
      id="consent"
      hidden={!shown}
      aria-labelledby="consent-title"
      className="fixed inset-x-0 top-[6.25rem] z-50 max-h-[calc(100dvh-6.25rem)] overflow-y-auto border-b border-slate-300 bg-white shadow-lg sm:top-16"
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-3 lg:flex-row lg:items-center lg:gap-6">
        <div className="min-w-0 flex-1">
          <h2 id="consent-title" className="font-bold">
            {title}
          </h2>
          <p className="text-sm text-slate-700">
            {text}{" "}
            <a href={policy.href} className="text-sky-800 underline">
              {policy.text}
            </a>
          </p>
        </div>
        {/* Two equal halves: Reject is exactly as large and as near as Accept; one above the other, as wide, when large text leaves no room. */}
        <div className="flex shrink-0 flex-wrap gap-3 lg:w-80">
          {(["denied", "granted"] as const).map((choice) => (
            <button
              key={choice}
              type="button"
              data-consent={choice}
              className={button}
              ref={(element) => void (choices.current[choice] = element)}
              onClick={() => choose(choice)}
            >
              {choice === "granted" ? accept : reject}
            </button>
          ))}
        </div>
      </div>
    </section>
  );
}
