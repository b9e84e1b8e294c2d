import { usePage } from "../context.tsx";
import { Layout } from "../Layout.tsx";
import { PackageCards, type PackageCard } from "../PackageCards.tsx";
import { CallButton, Card, CheckList, PageHeader, Section } from "../ui.tsx";
import { CallBand } from "./Home.tsx";

export interface FaqItem {
  q: string;
  a: string;
}

export function Prices() {
  const { t, config } = usePage();
  return (
    <Layout>
      <PageHeader title={t("pricesPage.title")} subtitle={t("pricesPage.subtitle")} />
      <Section id="packages" title={t("pricing.title")} subtitle={t("pricing.subtitle")}>
        <PackageCards packages={t("pricing.packages", { returnObjects: true }) as PackageCard[]} />
        <p className="mt-8 text-center text-slate-600">{t("pricing.vat")}</p>
      </Section>
      <Section id="included" tone="muted">
        <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
          <Card>
            <h2 className="text-xl font-bold">{t("pricesPage.included.title")}</h2>
            <CheckList items={t("pricesPage.included.items", { returnObjects: true }) as string[]} className="mt-4 text-slate-700" />
          </Card>
          <Card>
            <h2 className="text-xl font-bold">{t("pricesPage.booking.title")}</h2>
            <p className="mt-4 text-slate-700">{t("pricesPage.booking.text", { phone: config.phone.replace(/ /g, "\u00a0") })}</p>
            <CallButton className="mt-5">
              <span>{config.phone}</span>
            </CallButton>
          </Card>
        </div>
      </Section>
      <Section id="faq" title={t("pricesPage.faq.title")}>
        <dl className="max-w-3xl divide-y divide-slate-200 rounded-2xl border border-slate-200">
          {(t("pricesPage.faq.items", { returnObjects: true }) as FaqItem[]).map((item) => (
            <div key={item.q} className="p-5">
              <dt className="text-lg font-semibold text-slate-900">{item.q}</dt>
              <dd className="mt-2 text-slate-700">{item.a}</dd>
            </div>
          ))}
        </dl>
      </Section>
      <CallBand />
    </Layout>
  );
}
