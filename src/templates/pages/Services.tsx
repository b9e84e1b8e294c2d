import { serviceFamilies } from "../../shared/content.ts";
import { servicesIn } from "../../shared/routes.ts";
import { usePage } from "../context.tsx";
import { Icon, type IconName } from "../icons.tsx";
import { Layout } from "../Layout.tsx";
import { CallButton, IconBadge, PageHeader, Section } from "../ui.tsx";
import { keepRangesTogether } from "../../shared/typography.ts";

export const familyIcons: Record<string, IconName> = { cars: "car", doors: "house", "armored-doors": "shield" };

export function Services() {
  const { t, href, routes, language } = usePage();
  return (
    <Layout>
      <PageHeader title={t("servicesPage.title")} subtitle={t("servicesPage.subtitle")} />
      {serviceFamilies.map((family, index) => {
        const services = servicesIn(routes, language.code, family);
        if (services.length === 0) return null;
        return (
          <Section key={family} id={family} tone={index % 2 ? "muted" : "white"}>
            <div className="mb-6 flex items-start gap-4">
              <IconBadge name={familyIcons[family]!} />
              <div className="min-w-0">
                <h2 id={`${family}-title`} className="text-2xl font-bold sm:text-3xl">
                  {t(`servicesPage.families.${family}.title`)}
                </h2>
                <p className="mt-1 text-lg text-slate-600">{t(`servicesPage.families.${family}.desc`)}</p>
              </div>
            </div>
            <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {services.map((service) => (
                <li key={service.id} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
                  <h3 className="text-lg font-bold">{service.title}</h3>
                  <p className="mt-1 mb-4 text-slate-600">{keepRangesTogether(service.summary)}</p>
                  <a href={href(service.id)} className="mt-auto inline-flex items-center gap-1 font-semibold text-sky-800 hover:underline">
                    {t("common.learnMore")}
                    <span className="sr-only">{`${t("common.label", { label: "" })} ${service.title}`}</span>
                    <Icon name="arrow-right" className="size-4" />
                  </a>
                </li>
              ))}
            </ul>
          </Section>
        );
      })}
      <section className="bg-red-600 text-white" aria-labelledby="emergency-title">
        <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-10 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h2 id="emergency-title" className="text-2xl font-bold">
              {t("servicesPage.emergency.title")}
            </h2>
            <p className="mt-1 text-lg">{t("servicesPage.emergency.text")}</p>
          </div>
          {/* Beside the text from 640 px, its label on one line: the text wraps instead. */}
          <CallButton size="lg" className="shrink-0">
            {t("servicesPage.emergency.call")}
          </CallButton>
        </div>
      </section>
    </Layout>
  );
}
