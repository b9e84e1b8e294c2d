import type { ReactNode } from "react";
import { brandFor } from "../shared/business.ts";
import { withoutJoiners } from "../shared/typography.ts";
import { codeToLanguage, defaultLanguage, langToDir, languages } from "../shared/languages.ts";
import { cssMarker, islandScriptMarker } from "../shared/html.ts";
import { feedFile } from "../shared/blog.ts";
import { SeriesLinks } from "./Pagination.tsx";
import { usePage } from "./context.tsx";
import { ConsentBanner } from "./ConsentBanner.tsx";
import { Footer } from "./Footer.tsx";
import { Header } from "./Header.tsx";
import { LanguageHint } from "./LanguageHint.tsx";

function Head() {
  const page = usePage();
  const { config, language, route, title, description, inlineScripts, structuredData } = page;
  const canonical = `${config.origin}${page.href(route.id)}`;
  const alternates = route.indexable
    ? languages
        .filter((other) => route.codes.includes(other.code))
        .map((other) => ({ hreflang: other.code, href: `${config.origin}${page.routes.href(other.code, route.id)}` }))
    : [];
  const xDefaultCode = route.codes.includes(defaultLanguage.code) ? defaultLanguage.code : route.codes[0]!;
  return (
    <head>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>{title}</title>
      <meta name="description" content={description} />
      {route.indexable ? <link rel="canonical" href={canonical} /> : <meta name="robots" content="noindex" />}
      {alternates.map((alternate) => (
        <link key={alternate.hreflang} rel="alternate" hrefLang={alternate.hreflang} href={alternate.href} />
      ))}
      {route.indexable && <link rel="alternate" hrefLang="x-default" href={`${config.origin}${page.routes.href(xDefaultCode, route.id)}`} />}
      {route.listing && <SeriesLinks />}
      <link
        rel="alternate"
        type="application/atom+xml"
        title={page.t("blogPage.feed.title", { brand: brandFor(config, language.code) })}
        href={`/${feedFile(language.url)}`}
      />
      <meta property="og:type" content={route.template === "article" ? "article" : "website"} />
      <meta property="og:site_name" content={brandFor(config, language.code)} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:locale" content={language.ogLocale} />
      {route.codes
        .filter((code) => code !== language.code)
        .map((code) => (
          <meta key={code} property="og:locale:alternate" content={codeToLanguage(code)!.ogLocale} />
        ))}
      {route.indexable && <meta property="og:url" content={canonical} />}
      <meta property="og:image" content={page.socialImage.url} />
      <meta property="og:image:width" content={String(page.socialImage.width)} />
      <meta property="og:image:height" content={String(page.socialImage.height)} />
      <meta property="og:image:alt" content={page.socialImage.alt} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="theme-color" content="#0f172a" />
      <meta name="format-detection" content="telephone=no" />
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
      <link rel="manifest" href="/manifest.webmanifest" />
      <script dangerouslySetInnerHTML={{ __html: inlineScripts.boot }} />
      <style dangerouslySetInnerHTML={{ __html: cssMarker }} />
      <script type="module" src={islandScriptMarker} />
      {structuredData.map((data, index) => (
        <script key={index} type="application/ld+json" dangerouslySetInnerHTML={{ __html: withoutJoiners(JSON.stringify(data)).replace(/</g, "\\u003c") }} />
      ))}
    </head>
  );
}

/** The document every page shares: head, fixed navigation, main content, footer. */
export function Layout({ children }: { children: ReactNode }) {
  const { language, t, config } = usePage();
  return (
    <html lang={language.code} dir={langToDir(language.code)}>
      <Head />
      <body className="bg-white font-sans text-slate-900 antialiased">
        <a href="#main" className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold focus:not-sr-only focus:fixed focus:top-2 focus:left-2">
          {t("common.skipToContent")}
        </a>
        <Header />
        {/* Right after the header, as it shows: the keyboard reaches it before the page it covers. */}
        {config.analytics.measurementId && <ConsentBanner />}
        <LanguageHint />
        {/* The fixed header's height: top bar and call bar on phones, one bar from sm; the
            script-less phone navigation adds a row of links below xl. */}
        <main id="main" tabIndex={-1} className="pt-[9.25rem] outline-none js:pt-[6.25rem] sm:pt-28 sm:js:pt-16 xl:pt-16">
          {children}
        </main>
        <Footer />
      </body>
    </html>
  );
}
