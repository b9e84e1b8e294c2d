/** The part of Google's reCAPTCHA v2 API (explicit rendering) the form uses. */
interface Grecaptcha {
  render(container: HTMLElement, parameters: { sitekey: string; size?: "normal" | "compact"; hl?: string }): number;
  getResponse(widget?: number): string;
  reset(widget?: number): void;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
    onRecaptchaLoad?: () => void;
  }
}

// The normal widget is 304 px wide; narrower phones get the compact one (styled to match).
const normalWidth = 304;
let widget: number | undefined;

/**
 * Loads Google's script once and renders the widget into `#recaptcha[data-sitekey]`. The element
 * exists only where a site key is configured, so without one nothing is requested.
 */
export function loadRecaptcha(container: HTMLElement): void {
  const sitekey = container.dataset.sitekey;
  if (!sitekey || window.onRecaptchaLoad) return;
  window.onRecaptchaLoad = () => {
    widget = window.grecaptcha!.render(container, { sitekey, size: container.clientWidth < normalWidth ? "compact" : "normal" });
  };
  const script = document.createElement("script");
  script.src = `https://www.google.com/recaptcha/api.js?onload=onRecaptchaLoad&render=explicit&hl=${encodeURIComponent(container.dataset.hl ?? "")}`;
  script.async = true;
  document.head.append(script);
}

/** The token of a completed challenge; "" while it is not completed or the script did not load. */
export function recaptchaToken(): string {
  try {
    return widget === undefined ? "" : window.grecaptcha!.getResponse(widget);
  } catch {
    return "";
  }
}

export function resetRecaptcha(): void {
  if (widget !== undefined) window.grecaptcha?.reset(widget);
}
