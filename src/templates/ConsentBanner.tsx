import { usePage } from "./context.tsx";
import { ConsentBanner as Banner } from "./islands/ConsentBanner.tsx";
import { Island } from "./islands/Island.tsx";

/** The consent banner island, in the page's language. */
export function ConsentBanner() {
  const { t, href, config } = usePage();
  return (
    <Island
      name="consent-banner"
      component={Banner}
      props={{
        measurementId: config.analytics.measurementId,
        title: t("consent.title"),
        text: t("consent.text"),
        policy: { href: href("privacy-policy"), text: t("consent.policy") },
        reject: t("consent.reject"),
        accept: t("consent.accept"),
      }}
    />
  );
}
