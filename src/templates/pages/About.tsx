import { formatAddress, phoneToTel } from "../../shared/business.ts";
import { usePage } from "../context.tsx";
import { Icon, type IconName } from "../icons.tsx";
import { Layout } from "../Layout.tsx";
import { Photo } from "../Picture.tsx";
import { Card, CheckList, IconBadge, PageHeader, Section } from "../ui.tsx";

interface TimelineItem {
  year: string;
  title: string;
  desc: string;
}

const valueIcons: IconName[] = ["shield", "graduation-cap", "clock"];

export function About() {
  const { t, config, language } = usePage();
  return (
    <Layout>
      <PageHeader title={t("aboutPage.title")} subtitle={t("aboutPage.subtitle")} />
      <Section id="story">
        <div className="grid grid-cols-1 gap-10 lg:grid-cols-3">
          <div className="lg:col-span-2">
            <h2 className="mb-4 text-2xl font-bold sm:text-3xl">{t("aboutPage.storyTitle")}</h2>
            {(t("aboutPage.story", { returnObjects: true }) as string[]).map((paragraph) => (
              <p key={paragraph} className="mb-4 text-lg text-slate-700">
                {paragraph}
              </p>
            ))}
          </div>
          <Card className="self-start">
            <h2 className="text-xl font-bold">{t("aboutPage.certifications.title")}</h2>
            <CheckList items={t("aboutPage.certifications.items", { returnObjects: true }) as string[]} className="mt-4 text-slate-700" />
          </Card>
        </div>
        <div className="mt-10 grid gap-6 sm:grid-cols-2">
          <Photo place="owner" sizes="(min-width: 1152px) 552px, (min-width: 640px) calc(50vw - 2.75rem), calc(100vw - 2rem)" className="rounded-2xl" />
          <Photo place="shop" sizes="(min-width: 1152px) 552px, (min-width: 640px) calc(50vw - 2.75rem), calc(100vw - 2rem)" className="rounded-2xl" />
        </div>
      </Section>
      <Section id="timeline" title={t("aboutPage.timeline.title")} tone="muted">
        {/* Four side by side from 1024 px: at 768 a column of 130 px broke words ("2019–202/3"). */}
        <ol className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {(t("aboutPage.timeline.items", { returnObjects: true }) as TimelineItem[]).map((item) => (
            <li key={item.year} className="rounded-2xl border-t-4 border-amber-400 bg-white p-5 shadow-sm">
              <p className="text-2xl font-extrabold text-sky-800">{item.year}</p>
              <h3 className="mt-2 text-lg font-bold">{item.title}</h3>
              <p className="mt-1 text-slate-600">{item.desc}</p>
            </li>
          ))}
        </ol>
      </Section>
      <Section id="values" title={t("aboutPage.values.title")}>
        <div className="grid grid-cols-1 gap-6 md:grid-cols-3">
          {(t("aboutPage.values.items", { returnObjects: true }) as { title: string; desc: string }[]).map((value, index) => (
            <Card key={value.title}>
              <IconBadge name={valueIcons[index] ?? "check"} />
              <h3 className="mt-4 text-xl font-bold">{value.title}</h3>
              <p className="mt-2 text-slate-600">{value.desc}</p>
            </Card>
          ))}
        </div>
      </Section>
      <Section id="find-us" title={t("aboutPage.contactTitle")} tone="muted">
        <ul className="grid grid-cols-1 gap-4 text-lg sm:grid-cols-3">
          <li className="flex items-center gap-3">
            <Icon name="phone" className="size-6 text-sky-800" />
            <a href={phoneToTel(config.phone)} className="font-semibold text-sky-800 hover:underline">
              {config.phone}
            </a>
          </li>
          <li className="flex items-center gap-3">
            <Icon name="mail" className="size-6 text-sky-800" />
            <a href={`mailto:${config.email}`} className="break-all text-sky-800 hover:underline">
              {config.email}
            </a>
          </li>
          <li className="flex items-center gap-3">
            <Icon name="map-pin" className="size-6 text-sky-800" />
            <address className="not-italic">{formatAddress(config, language.code)}</address>
          </li>
        </ul>
      </Section>
    </Layout>
  );
}
