import { formatAddress, messagingLinks, phoneToTel, spokenLanguageNames } from "../../shared/business.ts";
import { ContactForm } from "../ContactForm.tsx";
import { usePage } from "../context.tsx";
import { Icon, type IconName } from "../icons.tsx";
import { Layout } from "../Layout.tsx";
import { CallButton, PageHeader, Section } from "../ui.tsx";

function InfoCard({ icon, title, children }: { icon: IconName; title: string; children: React.ReactNode }) {
  return (
    <div className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-sky-100 text-sky-800">
        <Icon name={icon} className="size-6" />
      </span>
      <div className="min-w-0">
        <h2 className="font-bold text-slate-900">{title}</h2>
        <div className="mt-1 text-slate-700">{children}</div>
      </div>
    </div>
  );
}

/** "… see our <0>privacy policy</0>." with the marked words as a link. */
function withLink(text: string, href: string) {
  const [before, linked, after] = text.split(/<0>|<\/0>/);
  return (
    <>
      {before}
      <a href={href} className="text-sky-800 underline">
        {linked}
      </a>
      {after}
    </>
  );
}

export function Contact() {
  const { t, config, language, href } = usePage();
  const address = formatAddress(config, language.code);
  const messaging = messagingLinks(config);
  const mapUrl = `https://www.google.com/maps/search/?api=1&query=${config.geo.latitude},${config.geo.longitude}`;
  return (
    <Layout>
      <PageHeader title={t("contactPage.title")} subtitle={t("contactPage.subtitle")} />
      <Section>
        <div className="grid grid-cols-1 gap-10 lg:grid-cols-5">
          <div className="space-y-4 lg:col-span-2">
            <div className="rounded-2xl bg-red-600 p-6 text-white">
              <h2 className="flex items-center gap-2 text-xl font-bold">
                <Icon name="siren" className="size-6" />
                {t("contactPage.urgent.title")}
              </h2>
              <p className="mt-2">{t("contactPage.urgent.text")}</p>
              <CallButton className="mt-4 w-full" size="lg" event="click_emergency_call">
                {t("contactPage.urgent.call")}
              </CallButton>
            </div>
            <InfoCard icon="phone" title={t("contactPage.phone.title")}>
              <a href={phoneToTel(config.phone)} className="font-semibold text-sky-800 hover:underline">
                {config.phone}
              </a>
              <p className="mt-1">{t("contactPage.phone.languages", { languages: spokenLanguageNames(config, language) })}</p>
            </InfoCard>
            <InfoCard icon="mail" title={t("contactPage.email.title")}>
              <a href={`mailto:${config.email}`} className="break-all text-sky-800 hover:underline">
                {config.email}
              </a>
            </InfoCard>
            {messaging.length > 0 && (
              <InfoCard icon="message-circle" title={messaging.map((app) => app.name).join(" / ")}>
                <p className="flex flex-wrap gap-x-4">
                  {messaging.map((app) => (
                    <a key={app.name} href={app.href} className="font-semibold text-sky-800 hover:underline" rel="noopener">
                      {app.name}
                    </a>
                  ))}
                </p>
              </InfoCard>
            )}
            <InfoCard icon="map-pin" title={t("contactPage.address.title")}>
              <address className="not-italic">{address}</address>
              <a href={mapUrl} className="mt-1 inline-block text-sky-800 underline" rel="noopener">
                {t("contactPage.address.map")}
              </a>
            </InfoCard>
            <InfoCard icon="clock" title={t("contactPage.hours.title")}>
              <p>{t("contactPage.hours.regular", { opens: config.hours.opens, closes: config.hours.closes })}</p>
              <p className="font-semibold">{t("contactPage.hours.emergency")}</p>
            </InfoCard>
          </div>
          <div className="rounded-2xl border border-slate-200 bg-slate-50 p-5 sm:p-8 lg:col-span-3">
            <ContactForm />
            {config.recaptcha.siteKey && (
              <p className="mt-4 text-sm text-slate-600" data-recaptcha-notice>
                {withLink(t("contactPage.recaptcha"), href("privacy-policy"))}
              </p>
            )}
          </div>
        </div>
      </Section>
    </Layout>
  );
}
