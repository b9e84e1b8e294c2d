import { brandFor, localAddress, townFor } from "../shared/business.ts";
import type { BlogDocument, ServiceDocument } from "../shared/content.ts";
import type { PageContext } from "../templates/context.tsx";
import type { FaqItem } from "../templates/pages/Prices.tsx";
import { withoutJoiners } from "../shared/typography.ts";

const week = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

/** The JSON-LD a page carries, in the page's language, from the config and the content. */
export function structuredDataFor(page: Omit<PageContext, "structuredData">): object[] {
  const { route, config } = page;
  const brand = brandFor(config, page.language.code);
  const url = (id: string) => `${config.origin}${page.href(id)}`;
  const businessId = `${config.origin}/#business`;
  switch (route.template) {
    case "home":
    case "about":
    case "contact":
      return [business(page, businessId)];
    case "prices":
      return [
        {
          "@context": "https://schema.org",
          "@type": "FAQPage",
          inLanguage: page.language.code,
          mainEntity: (page.t("pricesPage.faq.items", { returnObjects: true }) as FaqItem[]).map((item) => ({
            "@type": "Question",
            name: item.q,
            acceptedAnswer: { "@type": "Answer", text: item.a },
          })),
        },
      ];
    case "service": {
      const service = page.document as ServiceDocument;
      return [
        {
          "@context": "https://schema.org",
          "@type": "Service",
          name: service.title,
          description: service.description,
          serviceType: page.t(`servicesPage.families.${service.family}.title`),
          url: url(route.id),
          provider: { "@type": "Locksmith", "@id": businessId, name: brand, telephone: config.phone },
          areaServed: { "@type": "City", name: townFor(config, page.language.code) },
        },
        breadcrumbs(page, [
          [page.t("nav.home"), url("home")],
          [page.t("nav.services"), url("services")],
          [service.title, url(route.id)],
        ]),
      ];
    }
    case "article": {
      const post = page.document as BlogDocument;
      const publisher = { "@type": "Organization", "@id": businessId, name: brand, url: url("home") };
      return [
        {
          "@context": "https://schema.org",
          "@type": "BlogPosting",
          headline: post.title,
          description: post.description,
          datePublished: post.date,
          dateModified: post.updated,
          inLanguage: page.language.code,
          keywords: post.keywords.join(", "),
          image: { "@type": "ImageObject", url: page.socialImage.url, width: page.socialImage.width, height: page.socialImage.height },
          url: url(route.id),
          mainEntityOfPage: url(route.id),
          author: publisher,
          publisher,
        },
        breadcrumbs(page, [
          [page.t("nav.home"), url("home")],
          [page.t("nav.blog"), url("blog")],
          [post.title, url(route.id)],
        ]),
      ];
    }
    default:
      return [];
  }
}

function business(page: Omit<PageContext, "structuredData">, id: string): object {
  const { config, language } = page;
  const hours = { opens: config.hours.opens, closes: config.hours.closes };
  // The shop's own photo where the config has one (its widest JPEG), else the van's.
  const photo = (page.photo("shop") ?? page.photo("van"))?.image.fallback.at(-1);
  const local = localAddress(config, language.code);
  const name = brandFor(config, language.code);
  // The brand as the other languages write it: one business, found under each name.
  const alternateNames = [...new Set(Object.values(config.brand))].filter((other) => other !== name);
  return {
    "@context": "https://schema.org",
    "@type": "Locksmith",
    "@id": id,
    name,
    ...(alternateNames.length ? { alternateName: alternateNames } : {}),
    legalName: config.legalName,
    // One business under one @id: described as the home page describes it, whichever page carries it.
    description: withoutJoiners(page.t("meta.home.description", hours)),
    ...(photo ? { image: `${config.origin}${photo.url}` } : {}),
    url: `${config.origin}${page.href("home")}`,
    telephone: config.phone,
    email: config.email,
    foundingDate: String(config.foundingYear),
    priceRange: config.priceRange,
    currenciesAccepted: "EUR",
    paymentAccepted: config.paymentAccepted.join(", "),
    address: {
      "@type": "PostalAddress",
      streetAddress: `${local.street} ${config.address.number}`,
      addressLocality: local.town,
      addressRegion: local.region,
      postalCode: config.address.postalCode,
      addressCountry: config.address.country,
    },
    geo: { "@type": "GeoCoordinates", latitude: config.geo.latitude, longitude: config.geo.longitude },
    // The shop's hours, as the pages give them; the emergency line answers around the clock.
    openingHoursSpecification: [{ "@type": "OpeningHoursSpecification", dayOfWeek: week, ...hours }],
    contactPoint: [
      {
        "@type": "ContactPoint",
        contactType: "emergency",
        telephone: config.phone,
        availableLanguage: config.spokenLanguages,
        hoursAvailable: { "@type": "OpeningHoursSpecification", dayOfWeek: week, opens: "00:00", closes: "23:59" },
      },
    ],
    areaServed: [
      { "@type": "City", name: local.town },
      { "@type": "AdministrativeArea", name: local.region },
    ],
    ...(config.vatNumber ? { vatID: `EL${config.vatNumber}` } : {}),
    hasMap: `https://www.google.com/maps/search/?api=1&query=${config.geo.latitude},${config.geo.longitude}`,
    knowsLanguage: config.spokenLanguages,
  };
}

function breadcrumbs(page: Omit<PageContext, "structuredData">, items: [string, string][]): object {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map(([name, item], index) => ({ "@type": "ListItem", position: index + 1, name, item })),
  };
}
