import type { ServiceDocument } from "../../shared/content.ts";
import { usePage } from "../context.tsx";
import { Layout } from "../Layout.tsx";
import { QuickCall, WithSideCard } from "../CallCard.tsx";
import { PackageCards } from "../PackageCards.tsx";
import { Cover } from "../Picture.tsx";
import { Breadcrumbs, CallButton, LinkButton, PageHeader, Prose, Section } from "../ui.tsx";
import { CallBand } from "./Home.tsx";
import { keepRangesTogether } from "../../shared/typography.ts";

/** The page whose offer is the fixed armoured-door packages of the config. */
export const packagesPage = "services/armored-doors/replace-with-new";

export function Service() {
  const { document, html, t, href, route, config, formatEuro } = usePage();
  const service = document as ServiceDocument;
  const { lockMaker, packages } = config.armoredDoorPackages;
  return (
    <Layout>
      <PageHeader title={service.title} subtitle={keepRangesTogether(service.summary)} after={<QuickCall />}>
        <Breadcrumbs items={[{ name: t("nav.home"), href: href("home") }, { name: t("nav.services"), href: href("services") }, { name: service.title }]} />
      </PageHeader>
      <Section>
        <WithSideCard priceFrom={route.id === packagesPage ? formatEuro(Math.min(...packages.map((item) => item.price))) : undefined}>
          <Cover className="mb-8 max-w-3xl" />
          <Prose html={html!} />
          <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            <CallButton size="lg">{t("servicePage.callCta")}</CallButton>
            <LinkButton href={href("services")} variant="outline" size="lg" icon="arrow-left">
              {t("common.allServices")}
            </LinkButton>
          </div>
        </WithSideCard>
      </Section>
      {route.id === packagesPage && (
        <Section id="packages" title={t("servicePage.packagesTitle")} tone="muted">
          <PackageCards
            packages={packages.map((item) => ({
              name: t("servicePage.packageName", { maker: lockMaker, cylinder: item.cylinder }),
              desc: t("servicePage.packageDesc", { cylinder: item.cylinder }),
              price: formatEuro(item.price),
              oldPrice: formatEuro(item.oldPrice),
              popular: item.popular,
              features: [t("servicePage.installation"), t("servicePage.vat")],
            }))}
          />
          <p className="mt-8 text-center text-slate-700">{t("servicePage.buyOnly")}</p>
        </Section>
      )}
      <CallBand />
    </Layout>
  );
}
