import { initAnalytics, setAnalyticsConsent } from "./analytics.ts";
import { readStored, store } from "./storage.ts";

/** Where the visitor's analytics choice is kept: "granted" or "denied". */
export const consentKey = "analytics-consent";

/**
 * The consent banner exists only where a measurement id is configured. It shows until the visitor
 * chooses; the choice is remembered, and the footer's `[data-consent-open]` shows the banner again.
 */
export function initConsent(): void {
  const banner = document.getElementById("consent");
  const id = banner?.dataset.measurementId;
  if (!banner || !id) return;
  initAnalytics(id);
  const stored = readStored(consentKey);
  if (stored === "granted") setAnalyticsConsent(true);
  else if (stored !== "denied") banner.hidden = false;
  let opener: HTMLElement | null = null;
  banner.addEventListener("click", (event) => {
    const choice = (event.target as Element).closest<HTMLElement>("[data-consent]")?.dataset.consent;
    if (!choice) return;
    store(consentKey, choice);
    banner.hidden = true;
    setAnalyticsConsent(choice === "granted");
    opener?.focus();
    opener = null;
  });
  document.addEventListener("click", (event) => {
    const button = (event.target as Element).closest<HTMLElement>("[data-consent-open]");
    if (!button) return;
    opener = button;
    banner.hidden = false;
    banner.querySelector<HTMLElement>(`[data-consent="${readStored(consentKey) ?? "denied"}"]`)?.focus();
  });
}
