import { formatAddress, phoneToTel } from "../../shared/business.ts";
import { PhoneLanguages } from "../CallCard.tsx";
import { usePage } from "../context.tsx";
import { Icon, type IconName } from "../icons.tsx";
import { LanguageSwitcher } from "../LanguageSwitcher.tsx";
import { Layout } from "../Layout.tsx";
import { PackageCards, type PackageCard } from "../PackageCards.tsx";
import { Photo } from "../Picture.tsx";
import { CallButton, Card, CheckList, IconBadge, LinkButton, Section } from "../ui.tsx";

interface Feature {
  title: string;
  desc: string;
}

export function Home() {
  const { t, href, config, language, routes } = usePage();
  const hours = { opens: config.hours.opens, closes: config.hours.closes };
  const list = (key: string) => t(key, { returnObjects: true, ...hours }) as string[];
  // Each card's items, in the order of serviceCards.<key>.items, lead to their service pages.
  const cards: { key: string; icon: IconName; pages: string[] }[] = [
    { key: "cars", icon: "car", pages: ["cars/opening", "cars/key-copy", "cars/immobilizer", "cars/shells-remotes"] },
    { key: "doors", icon: "house", pages: ["doors/opening", "doors/repair", "doors/replace-locks"] },
    { key: "armored", icon: "shield", pages: ["armored-doors/opening", "armored-doors/replace-with-new", "armored-doors/defender-install"] },
  ];
  const serviceLinks = (pages: string[]) => pages.map((page) => (routes.has(language.code, `services/${page}`) ? href(`services/${page}`) : undefined));
  const featureIcons: IconName[] = ["timer", "badge-check", "hand-coins"];
  return (
    <Layout>
      <section className="relative overflow-hidden bg-slate-900 text-white" aria-labelledby="hero-title">
        <div className="mx-auto max-w-6xl px-4 pt-12 pb-12 sm:pt-14 sm:pb-20 lg:grid lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-center lg:gap-x-12">
          <div>
            <LanguageSwitcher />
            <p className="mt-6 inline-flex items-center gap-2 rounded-full bg-red-600 px-3 py-1 text-sm font-bold text-white">
              <Icon name="siren" className="size-4" />
              {t("hero.badge")}
            </p>
            <h1 id="hero-title" className="mt-4 max-w-3xl text-3xl leading-tight font-extrabold tracking-tight text-balance sm:text-5xl">
              {t("hero.title")}
            </h1>
            <p className="mt-4 max-w-2xl text-lg text-slate-300 sm:text-xl">{t("hero.subtitle")}</p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <CallButton size="lg" event="click_call">
                {t("hero.call")}
              </CallButton>
              <LinkButton href={href("services")} variant="ghostLight" size="lg" icon="arrow-right">
                {t("hero.services")}
              </LinkButton>
            </div>
            <PhoneLanguages className="mt-3 text-sm text-slate-300" />
            {/* One under the other beside the photo at 1024 px, where three columns would break the number. */}
            <ul className="mt-8 grid gap-3 text-slate-200 sm:grid-cols-3 lg:grid-cols-1 xl:grid-cols-3">
              <li className="flex items-center gap-2">
                <Icon name="phone" className="size-5 shrink-0 text-amber-400" />
                <span className="sr-only">{t("common.label", { label: t("hero.phone") })}</span>
                <a href={phoneToTel(config.phone)} className="font-semibold hover:underline">
                  {config.phone}
                </a>
              </li>
              <li className="flex items-center gap-2">
                <Icon name="map-pin" className="size-5 shrink-0 text-amber-400" />
                <span className="sr-only">{t("common.label", { label: t("hero.address") })}</span>
                {formatAddress(config, language.code)}
              </li>
              <li className="flex items-center gap-2">
                <Icon name="clock" className="size-5 shrink-0 text-amber-400" />
                {t("hero.availability", hours)}
              </li>
            </ul>
          </div>
          <Photo place="van" eager sizes="(min-width: 1024px) 384px, calc(100vw - 2rem)" className="mt-10 rounded-2xl shadow-xl lg:mt-0" />
        </div>
      </section>

      <Section id="about" title={t("homeAbout.title")}>
        <div className="grid grid-cols-1 gap-8 md:grid-cols-2">
          <p className="text-lg text-slate-700">{t("homeAbout.text")}</p>
          <CheckList items={list("homeAbout.points")} className="text-lg text-slate-800" />
        </div>
      </Section>

      <Section id="services" title={t("serviceCards.title")} subtitle={t("serviceCards.subtitle")} tone="muted">
        {/* Side by side from 1024 px: at 768 a column is too narrow for "Программирование". */}
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
          {cards.map(({ key, icon, pages }) => (
            <Card key={key}>
              <IconBadge name={icon} />
              <h3 className="mt-4 text-xl font-bold">{t(`serviceCards.${key}.title`)}</h3>
              <CheckList items={list(`serviceCards.${key}.items`)} links={serviceLinks(pages)} className="mt-3 text-slate-700" />
            </Card>
          ))}
        </div>
        <LinkButton href={href("services")} className="mt-8" icon="arrow-right">
          {t("serviceCards.button")}
        </LinkButton>
      </Section>

      <Section id="quick" title={t("quick.title")} subtitle={t("quick.subtitle")}>
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-[repeat(3,minmax(0,1fr))_minmax(0,1.5fr)]">
          {(t("quick.features", { returnObjects: true }) as Feature[]).map((feature, index) => (
            <div key={feature.title} className="flex gap-4 lg:flex-col">
              <IconBadge name={featureIcons[index] ?? "check"} />
              <div>
                <h3 className="text-lg font-bold">{feature.title}</h3>
                <p className="text-slate-600">{feature.desc}</p>
              </div>
            </div>
          ))}
          <div className="rounded-2xl bg-red-600 p-4 text-white min-[400px]:p-5 sm:p-6">
            <h3 className="text-xl font-bold">{t("quick.emergency.title")}</h3>
            <p className="mt-2">{t("quick.emergency.text")}</p>
            {/* The narrowest column from 1024 px: a long label takes two lines there. */}
            <CallButton className="mt-4 w-full" event="click_emergency_call" wrap>
              {t("quick.emergency.call")}
            </CallButton>
          </div>
        </div>
      </Section>

      <Section id="why" title={t("why.title")} tone="muted">
        <div className="grid grid-cols-1 gap-6 md:grid-cols-3">
          {(["expertise", "licence"] as const).map((key, index) => (
            <Card key={key}>
              <IconBadge name={index === 0 ? "award" : "shield-check"} />
              <h3 className="mt-4 text-xl font-bold">{t(`why.${key}.title`)}</h3>
              <p className="mt-2 text-slate-600">{t(`why.${key}.text`)}</p>
            </Card>
          ))}
          <Card>
            <CheckList items={list("why.list")} className="text-slate-800" />
            <a href={href("about")} className="mt-5 inline-flex items-center gap-1 font-semibold text-sky-800 hover:underline">
              {t("why.link")}
              <Icon name="arrow-right" className="size-4" />
            </a>
          </Card>
        </div>
      </Section>

      <Section id="pricing" title={t("pricing.title")} subtitle={t("pricing.subtitle")}>
        <PackageCards packages={t("pricing.packages", { returnObjects: true }) as PackageCard[]} />
        <p className="mt-8 text-center text-slate-600">{t("pricing.vat")}</p>
      </Section>

      <CallBand />
    </Layout>
  );
}

/** The closing band: call, or write. */
export function CallBand() {
  const { t, href } = usePage();
  return (
    <section className="bg-sky-900 text-white" aria-labelledby="cta-title">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-12 lg:flex-row lg:items-center lg:justify-between">
        <div>
          <h2 id="cta-title" className="text-2xl font-bold sm:text-3xl">
            {t("cta.title")}
          </h2>
          <p className="mt-2 text-lg text-sky-100">{t("cta.text")}</p>
        </div>
        {/* Beside the text from 1024 px: at 768 the German buttons did not fit beside it. */}
        <div className="flex shrink-0 flex-col gap-3 sm:flex-row">
          <CallButton size="lg" event="cta_call">
            {t("cta.call")}
          </CallButton>
          <LinkButton href={href("contact")} variant="ghostLight" size="lg" icon="mail">
            {t("cta.contact")}
          </LinkButton>
        </div>
      </div>
    </section>
  );
}
