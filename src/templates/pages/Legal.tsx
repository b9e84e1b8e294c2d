import type { PageDocument } from "../../shared/content.ts";
import { usePage } from "../context.tsx";
import { Layout } from "../Layout.tsx";
import { PageHeader, Prose, Section } from "../ui.tsx";

/** A long-form page written in Markdown: the privacy policy, the terms, or one the owner adds. */
export function Legal() {
  const { document, html, t, formatDate } = usePage();
  const page = document as PageDocument;
  return (
    <Layout>
      <PageHeader title={page.title} />
      <Section>
        {page.updated && <p className="mb-6 text-slate-500">{t("common.updated", { date: formatDate(page.updated) })}</p>}
        <Prose html={html!} />
      </Section>
    </Layout>
  );
}
