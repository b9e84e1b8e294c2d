// The Tailwind classes of the project's templates (src/templates/*.tsx), by the part of the page
// they style. Every peer writes its templates from this table, so the three peers and the project
// ask Tailwind for the same utilities, and a change of design is made here once.

const button =
  "inline-flex items-center justify-center gap-2 rounded-xl font-semibold transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-sky-600";
const chip = "inline-block rounded-full border px-4 py-2 text-sm font-semibold";
const pageBox = "inline-flex h-10 min-w-9 items-center justify-center gap-1 rounded-lg px-2 font-semibold sm:min-w-10 sm:px-3";
const footerLink = "hover:text-white hover:underline";

export const classes = {
  body: "bg-white font-sans text-slate-900 antialiased",
  skip: "sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold focus:not-sr-only focus:fixed focus:top-2 focus:left-2",
  main: "pt-[9.25rem] outline-none js:pt-[6.25rem] sm:pt-28 sm:js:pt-16 lg:pt-16",

  // Header.tsx and LanguageSwitcher.tsx
  header: "fixed inset-x-0 top-0 z-40 border-b border-slate-200 bg-white",
  headerBar: "mx-auto flex h-14 max-w-6xl items-center gap-2 px-3 min-[360px]:px-4 sm:h-16 sm:gap-3",
  brand: "mr-auto flex items-center gap-2 font-bold text-slate-900",
  brandBadge: "inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-slate-900 text-amber-400",
  brandName: "text-sm leading-tight wrap-normal sm:text-lg",
  desktopNav: "hidden lg:block",
  desktopNavList: "flex items-center gap-1",
  navLink: "rounded-lg px-2 py-2 whitespace-nowrap xl:px-3 text-slate-700 hover:bg-slate-100 hover:text-slate-950",
  navLinkCurrent: "rounded-lg px-2 py-2 whitespace-nowrap xl:px-3 bg-sky-50 font-semibold text-sky-800",
  languageBox: "relative shrink-0",
  languageSummary:
    "inline-flex h-11 cursor-pointer list-none items-center gap-1 rounded-xl border border-slate-300 px-2 font-semibold text-slate-900 hover:bg-slate-50 [&::-webkit-details-marker]:hidden",
  languageList: "right-0 absolute z-50 mt-2 w-52 rounded-xl border border-slate-200 bg-white p-1 text-slate-900 shadow-xl",
  languageLink: "flex items-center gap-2 rounded-lg px-3 py-2 hover:bg-slate-100",
  languageLinkCurrent: "flex items-center gap-2 rounded-lg px-3 py-2 bg-sky-50 font-semibold",
  flag: "h-4 w-6 shrink-0 rounded-sm ring-1 ring-black/10",
  headerCall:
    "hidden shrink-0 items-center gap-2 rounded-xl bg-amber-400 px-4 py-2.5 font-semibold whitespace-nowrap text-slate-950 hover:bg-amber-300 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-sky-600 sm:inline-flex",
  headerCallLabel: "hidden md:max-lg:inline",
  menuButton: "group hidden size-11 shrink-0 items-center justify-center rounded-xl border border-slate-300 text-slate-900 js:inline-flex lg:js:hidden",
  menuOpenIcon: "size-6 group-aria-expanded:hidden",
  menuCloseIcon: "hidden size-6 group-aria-expanded:block",
  mobileNav: "absolute inset-x-0 top-full border-y border-slate-200 bg-white lg:hidden js:hidden js:data-open:block",
  mobileNavList: "mx-auto flex max-w-6xl gap-1 overflow-x-auto px-2 py-1 text-sm whitespace-nowrap js:flex-col js:p-4 js:text-base",
  mobileLink: "block rounded-lg px-3 py-2 js:py-3 js:text-lg text-slate-800 hover:bg-slate-50",
  mobileLinkCurrent: "block rounded-lg px-3 py-2 js:py-3 js:text-lg bg-sky-50 font-semibold text-sky-800",
  mobileCallItem: "hidden js:block",
  mobileCall:
    "mt-2 flex flex-wrap items-center justify-center gap-x-2 rounded-xl bg-amber-400 px-4 py-3 text-center text-lg font-semibold whitespace-normal text-slate-950",
  callBar:
    "flex h-11 items-center justify-center gap-2 bg-amber-400 px-3 font-semibold whitespace-nowrap text-slate-950 hover:bg-amber-300 focus-visible:outline-3 focus-visible:-outline-offset-4 focus-visible:outline-sky-700 sm:hidden",

  // Footer.tsx
  footer: "bg-slate-950 pb-10 text-slate-300",
  footerGrid: "mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4",
  footerBrand: "mb-2 text-lg font-bold text-white",
  footerHeading: "mb-3 text-sm font-semibold tracking-wide text-white uppercase",
  footerList: "space-y-2",
  footerContactList: "space-y-3",
  footerLink,
  footerIconLink: `flex items-center gap-2 ${footerLink}`,
  footerLanguages: "mx-auto max-w-6xl px-4 pb-8",
  footerLanguageList: "flex flex-wrap gap-x-4 gap-y-2",
  footerLanguageLink: `inline-flex items-center gap-2 ${footerLink}`,
  footerLegal: "mx-auto max-w-6xl border-t border-slate-800 px-4 pt-6 text-sm text-slate-400",

  // ui.tsx: PageHeader, Breadcrumbs, Section, Prose, buttons
  pageHeader: "bg-slate-900 text-white",
  pageHeaderInner: "mx-auto max-w-6xl px-4 py-10 sm:py-14",
  h1: "text-2xl font-bold tracking-tight text-balance min-[400px]:text-3xl sm:text-4xl",
  subtitle: "mt-3 max-w-2xl text-lg text-slate-300",
  crumbs: "mb-4 text-sm text-slate-300",
  crumbList: "flex flex-wrap items-center gap-1",
  crumbItem: "flex items-center gap-1",
  crumbLink: "underline-offset-2 hover:underline",
  section: "bg-white py-12 sm:py-16",
  sectionInner: "mx-auto max-w-6xl px-4",
  prose:
    "prose-body max-w-3xl text-lg leading-relaxed text-slate-700 [&_a]:font-medium [&_a]:text-sky-800 [&_a]:underline [&_h2]:mt-10 [&_h2]:mb-3 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-slate-900 [&_h3]:mt-6 [&_h3]:mb-2 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-slate-900 [&_li]:mt-1 [&_ol]:my-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-4 [&_strong]:text-slate-900 [&_ul]:my-4 [&_ul]:list-disc [&_ul]:pl-6",
  callButton: `${button} bg-amber-400 text-slate-950 hover:bg-amber-300 shadow-sm px-3 py-2.5 text-base min-[400px]:px-4`,
  callButtonLarge: `${button} bg-amber-400 text-slate-950 hover:bg-amber-300 shadow-sm px-5 py-3.5 text-base sm:px-6 sm:text-lg`,
  outlineButton: `${button} border border-slate-300 bg-white text-slate-900 hover:bg-slate-50 px-3 py-2.5 text-base min-[400px]:px-4`,
  outlineButtonLarge: `${button} border border-slate-300 bg-white text-slate-900 hover:bg-slate-50 px-5 py-3.5 text-base sm:px-6 sm:text-lg`,
  ghostButtonLarge: `${button} border border-white/40 text-white hover:bg-white/10 px-5 py-3.5 text-base sm:px-6 sm:text-lg`,
  buttonLabel: "min-[360px]:whitespace-nowrap",
  updated: "mb-6 text-slate-500",

  // CallCard.tsx: the quick call under the heading, the side card beside the text
  quickCall:
    "mt-6 flex items-center gap-3 rounded-xl bg-amber-400 px-4 py-3 text-slate-950 shadow-sm hover:bg-amber-300 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-amber-300 sm:inline-flex sm:pr-6 lg:hidden",
  quickCallText: "flex min-w-0 flex-col",
  quickCallNumber: "text-xl font-bold whitespace-nowrap",
  quickCallNote: "text-sm font-medium",
  withSide: "lg:grid lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-12",
  withSideMain: "min-w-0",
  side: "hidden lg:block",
  sideCard: "sticky top-24 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm",
  sideTitle: "text-xl font-bold text-slate-900",
  sideNote: "mt-2 text-sm text-slate-600",
  sideHours: "mt-5 flex items-center gap-2 font-semibold text-slate-900",
  sideHoursList: "mt-1 space-y-1 text-slate-700",

  // pages/Article.tsx and MoreArticles.tsx
  articleMeta: "mb-3 flex flex-wrap items-center gap-3 text-sm text-slate-300",
  articleCategory: "rounded-full bg-white/15 px-2.5 py-0.5 font-semibold text-white",
  articleCta: "mt-10 max-w-3xl rounded-2xl bg-slate-900 p-6 text-white",
  articleCtaTitle: "text-xl font-bold",
  articleCtaText: "mt-1 text-slate-300",
  more: "mt-10 max-w-3xl",
  moreTitle: "text-xl font-bold text-slate-900",
  moreList: "mt-4 grid gap-3 sm:grid-cols-3",
  moreLink: "block h-full rounded-2xl border border-slate-200 p-4 hover:border-sky-800 hover:bg-slate-50",
  moreMeta: "block text-sm text-slate-600",
  moreTitleLine: "mt-1 block font-semibold text-sky-800",
  neighbours: "mt-8 grid gap-3 sm:grid-cols-2",
  older: "flex items-center gap-3 rounded-2xl border border-slate-200 p-4 hover:border-sky-800 hover:bg-slate-50",
  newer: "flex items-center gap-3 rounded-2xl border border-slate-200 p-4 hover:border-sky-800 hover:bg-slate-50 flex-row-reverse text-right sm:col-start-2",
  neighbourIcon: "size-5 shrink-0 text-sky-800",

  // pages/Service.tsx and the closing band of pages/Home.tsx
  serviceButtons: "mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap",
  band: "bg-sky-900 text-white",
  bandInner: "mx-auto flex max-w-6xl flex-col gap-6 px-4 py-12 md:flex-row md:items-center md:justify-between",
  bandTitle: "text-2xl font-bold sm:text-3xl",
  bandText: "mt-2 text-lg text-sky-100",
  bandButtons: "flex flex-col gap-3 sm:flex-row",

  // pages/Blog.tsx, PostCard.tsx, Pagination.tsx
  chips: "mb-8",
  chipList: "flex flex-wrap gap-2",
  chip: `${chip} border-slate-300 bg-white text-slate-700 hover:bg-slate-100`,
  chipCurrent: `${chip} border-sky-800 bg-sky-800 text-white`,
  cards: "grid gap-6 md:grid-cols-2 lg:grid-cols-3",
  card: "flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm",
  cardMeta: "flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600",
  cardCategory: "rounded-full bg-sky-100 px-2.5 py-0.5 font-semibold text-sky-900",
  cardTitle: "mt-3 text-xl font-bold text-slate-900",
  cardExcerpt: "mt-2 text-slate-600",
  cardKeywords: "mt-4 flex flex-wrap gap-2",
  cardKeyword: "rounded-md bg-slate-100 px-2 py-0.5 text-sm text-slate-700",
  cardMore: "mt-5 inline-flex items-center gap-1 self-start font-semibold text-sky-800 hover:underline",
  empty: "text-lg text-slate-600",
  pagination: "mt-10",
  pageList: "flex flex-wrap items-center justify-center gap-1",
  pageGap: "w-4 text-center text-slate-500",
  pageLink: `${pageBox} border border-slate-300 bg-white text-sky-800 hover:bg-slate-100`,
  pageCurrent: `${pageBox} bg-sky-800 text-white`,
  pageWord: "hidden sm:inline",
  feed: "mt-10 text-center",
  feedLink: "inline-flex items-center gap-2 font-semibold text-sky-800 hover:underline",
} as const;

export type ClassName = keyof typeof classes;
