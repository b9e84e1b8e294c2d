/**
 * Google Analytics 4 through gtag.js, in Consent Mode v2 "basic" form: the queue holds only the
 * denied defaults until the visitor accepts; only then is gtag.js requested and anything sent.
 */
declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

let measurementId = "";
let granted = false;
let loaded = false;

function gtag(..._args: unknown[]): void {
  // gtag.js reads the queue's entries as Arguments objects, not arrays.
  // eslint-disable-next-line prefer-rest-params
  window.dataLayer!.push(arguments);
}

/** Sends an event, only once the visitor has accepted analytics. */
export function track(name: string, parameters: Record<string, unknown>): void {
  if (granted) gtag("event", name, parameters);
}

/** Sets up the queue with everything denied, and the click events of `[data-event]` elements. */
export function initAnalytics(id: string): void {
  measurementId = id;
  window.dataLayer = window.dataLayer || [];
  gtag("consent", "default", { ad_storage: "denied", ad_user_data: "denied", ad_personalization: "denied", analytics_storage: "denied" });
  document.addEventListener("click", (event) => {
    const element = (event.target as Element).closest<HTMLElement>("[data-event]");
    if (element) track(element.dataset.event!, { event_category: "engagement" });
  });
}

/** Applies the visitor's choice: accepting loads gtag.js (once) and counts this page view. */
export function setAnalyticsConsent(allowed: boolean): void {
  if (allowed === granted) return;
  granted = allowed;
  gtag("consent", "update", { analytics_storage: allowed ? "granted" : "denied" });
  if (!allowed) return deleteAnalyticsCookies();
  if (loaded) return;
  loaded = true;
  gtag("js", new Date());
  gtag("config", measurementId, { send_page_view: false });
  track("page_view", { page_location: location.href, page_path: location.pathname + location.search, page_title: document.title });
  const script = document.createElement("script");
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}`;
  document.head.append(script);
}

// gtag.js sets _ga and _ga_<id> on the widest domain it can; a withdrawn consent removes them.
function deleteAnalyticsCookies(): void {
  const parts = location.hostname.split(".");
  for (const cookie of document.cookie.split(/;\s*/)) {
    const name = cookie.split("=")[0]!;
    if (!name.startsWith("_ga")) continue;
    document.cookie = `${name}=; Max-Age=0; path=/`;
    for (let index = 0; index < parts.length - 1; index++) document.cookie = `${name}=; Max-Age=0; path=/; domain=.${parts.slice(index).join(".")}`;
  }
}
