import type { ReactNode } from "react";
import { phoneToTel } from "../shared/business.ts";
import { Icon, type IconName } from "./icons.tsx";
import { usePage } from "./context.tsx";

const base =
  "inline-flex items-center justify-center gap-2 rounded-xl font-semibold transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-sky-600";
const variants = {
  call: `${base} bg-amber-400 text-slate-950 hover:bg-amber-300 shadow-sm`,
  primary: `${base} bg-sky-800 text-white hover:bg-sky-900`,
  outline: `${base} border border-slate-300 bg-white text-slate-900 hover:bg-slate-50`,
  ghostLight: `${base} border border-white/40 text-white hover:bg-white/10`,
};
// Phones get a little less padding, so that every label fits on one line from 360 px.
const sizes = { md: "px-3 py-2.5 text-base min-[400px]:px-4", lg: "px-5 py-3.5 text-base sm:px-6 sm:text-lg" };

export interface ButtonProps {
  children: ReactNode;
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  icon?: IconName;
  className?: string;
  /** The analytics event a click records (see src/client/analytics.ts). */
  event?: string;
  /** The label may take two lines where one does not fit (a narrow card); other labels keep to one line from 360 px. */
  wrap?: boolean;
}

export function LinkButton({ href, children, variant = "primary", size = "md", icon, className = "", event, wrap = false }: ButtonProps & { href: string }) {
  return (
    <a href={href} className={`${variants[variant]} ${sizes[size]} ${className}`} data-event={event}>
      {icon && <Icon name={icon} className={size === "lg" ? "size-6 shrink-0" : "size-5 shrink-0"} />}
      {/* One line where it fits; on a narrow screen or with large text, a long label wraps rather than overflows. */}
      <span className={wrap ? "text-center text-balance" : undefined}>{children}</span>
    </a>
  );
}

/** A telephone link to the shop: the one action every page offers. */
export function CallButton({ children, ...props }: Omit<ButtonProps, "children"> & { children?: ReactNode }) {
  const { config, t } = usePage();
  return (
    <LinkButton href={phoneToTel(config.phone)} variant="call" icon="phone" {...props}>
      {children ?? t("hero.call")}
    </LinkButton>
  );
}

export function Section({
  id,
  title,
  subtitle,
  children,
  className = "",
  tone = "white",
}: {
  id?: string;
  title?: string;
  subtitle?: string;
  children: ReactNode;
  className?: string;
  tone?: "white" | "muted";
}) {
  const headingId = id ? `${id}-title` : undefined;
  return (
    <section id={id} aria-labelledby={title ? headingId : undefined} className={`${tone === "muted" ? "bg-slate-50" : "bg-white"} py-12 sm:py-16 ${className}`}>
      <div className="mx-auto max-w-6xl px-4">
        {title && (
          <div className="mb-8 max-w-2xl">
            <h2 id={headingId} className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
              {title}
            </h2>
            {subtitle && <p className="mt-2 text-lg text-slate-600">{subtitle}</p>}
          </div>
        )}
        {children}
      </div>
    </section>
  );
}

export function Card({ children, className = "" }: { children: ReactNode; className?: string }) {
  return <div className={`rounded-2xl border border-slate-200 bg-white p-6 shadow-sm ${className}`}>{children}</div>;
}

export function IconBadge({ name, className = "" }: { name: IconName; className?: string }) {
  return (
    <span className={`inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-sky-100 text-sky-800 ${className}`}>
      <Icon name={name} className="size-6" />
    </span>
  );
}

/** A list of points with check marks; where `links` names a page for an item, the item links to it. */
export function CheckList({ items, links = [], className = "" }: { items: string[]; links?: (string | undefined)[]; className?: string }) {
  return (
    <ul className={`space-y-2 ${className}`}>
      {items.map((item, index) => (
        <li key={item} className="flex gap-2">
          <Icon name="check" className="mt-0.5 size-5 shrink-0 text-emerald-600" />
          {links[index] ? (
            <a href={links[index]} className="min-w-0 font-medium text-sky-800 underline-offset-2 hover:underline">
              {item}
            </a>
          ) : (
            <span className="min-w-0">{item}</span>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The page's heading band, under the fixed navigation. */
export function PageHeader({ title, subtitle, children, after }: { title: string; subtitle?: string; children?: ReactNode; after?: ReactNode }) {
  return (
    <div className="bg-slate-900 text-white">
      <div className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
        {children}
        <h1 className="text-2xl font-bold tracking-tight text-balance min-[400px]:text-3xl sm:text-4xl">{title}</h1>
        {subtitle && <p className="mt-3 max-w-2xl text-lg text-slate-300">{subtitle}</p>}
        {after}
      </div>
    </div>
  );
}

/** Where a page sits, for people and (as JSON-LD) for search engines. */
export function Breadcrumbs({ items }: { items: { name: string; href?: string }[] }) {
  const { t } = usePage();
  return (
    <nav aria-label={t("common.breadcrumb")} className="mb-4 text-sm text-slate-300">
      <ol className="flex flex-wrap items-baseline gap-1">
        {items.map((item, index) => (
          <li key={item.name} className="flex items-baseline gap-1">
            {index > 0 && <span aria-hidden="true">/</span>}
            {item.href ? (
              <a href={item.href} className="underline-offset-2 hover:underline">
                {item.name}
              </a>
            ) : (
              <span aria-current="page">{item.name}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** Rendered Markdown, styled without a typography plugin. */
export function Prose({ html }: { html: string }) {
  return (
    <div
      className="prose-body max-w-3xl text-lg leading-relaxed text-slate-700 [&_a]:font-medium [&_a]:text-sky-800 [&_a]:underline [&_h2]:mt-10 [&_h2]:mb-3 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-slate-900 [&_h3]:mt-6 [&_h3]:mb-2 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-slate-900 [&_li]:mt-1 [&_ol]:my-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-4 [&_strong]:text-slate-900 [&_ul]:my-4 [&_ul]:list-disc [&_ul]:pl-6"
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
