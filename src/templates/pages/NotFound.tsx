import { usePage } from "../context.tsx";
import { Icon } from "../icons.tsx";
import { Layout } from "../Layout.tsx";
import { CallButton, LinkButton } from "../ui.tsx";

export function NotFound() {
  const { t, href } = usePage();
  return (
    <Layout>
      <section className="mx-auto max-w-2xl px-4 py-20 text-center">
        <Icon name="key-round" className="mx-auto size-14 text-amber-500" />
        <p className="mt-4 text-6xl font-extrabold text-slate-500">404</p>
        <h1 className="mt-2 text-3xl font-bold">{t("notFound.title")}</h1>
        <p className="mt-3 text-lg text-slate-600">{t("notFound.text")}</p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <LinkButton href={href("home")} variant="outline" icon="arrow-left">
            {t("notFound.back")}
          </LinkButton>
          <CallButton>{t("notFound.call")}</CallButton>
        </div>
      </section>
    </Layout>
  );
}
