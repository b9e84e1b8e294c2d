import { usePage } from "./context.tsx";

/** Asks before any analytics runs; the client script shows it while no choice is stored. */
export function ConsentBanner() {
  const { t, href, config } = usePage();
  // Accept and reject look the same: neither choice is nudged.
  const button =
    "flex-1 rounded-xl border border-slate-900 bg-slate-900 px-4 py-2.5 font-semibold text-white hover:bg-slate-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-sky-600";
  return (
    <section
      id="consent"
      hidden
      aria-labelledby="consent-title"
      data-measurement-id={config.analytics.measurementId}
      className="fixed inset-x-2 bottom-2 z-50 mx-auto max-w-xl rounded-2xl border border-slate-200 bg-white p-4 shadow-2xl sm:p-5"
    >
      <h2 id="consent-title" className="text-lg font-bold">
        {t("consent.title")}
      </h2>
      <p className="mt-1 text-sm text-slate-700 sm:text-base">
        {t("consent.text")}{" "}
        <a href={href("privacy-policy")} className="text-sky-800 underline">
          {t("consent.policy")}
        </a>
      </p>
      <div className="mt-3 flex gap-3 sm:mt-4">
        <button type="button" data-consent="denied" className={button}>
          {t("consent.reject")}
        </button>
        <button type="button" data-consent="granted" className={button}>
          {t("consent.accept")}
        </button>
      </div>
    </section>
  );
}
