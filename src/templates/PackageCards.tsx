import { usePage } from "./context.tsx";
import { CallButton } from "./ui.tsx";
import { Icon } from "./icons.tsx";

export interface PackageCard {
  name: string;
  desc: string;
  price: string;
  oldPrice: string;
  popular: boolean;
  features: string[];
}

/** The three armoured-door packages; the popular one stands out. */
export function PackageCards({ packages, headingLevel = 3 }: { packages: PackageCard[]; headingLevel?: 2 | 3 }) {
  const { t } = usePage();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <div className="mx-auto grid max-w-xl grid-cols-1 gap-6 lg:max-w-none lg:grid-cols-3">
      {packages.map((card) => (
        <article
          key={card.name}
          className={`relative flex flex-col rounded-2xl border bg-white p-4 shadow-sm min-[400px]:p-5 sm:p-6 ${card.popular ? "border-amber-400 ring-2 ring-amber-400 lg:-my-3 lg:py-9" : "border-slate-200"}`}
        >
          {card.popular && (
            <p className="absolute -top-3.5 left-1/2 -translate-x-1/2 rounded-full bg-amber-400 px-3 py-1 text-sm font-bold whitespace-nowrap text-slate-950">
              {t("pricing.popular")}
            </p>
          )}
          <Heading className="text-xl font-bold text-slate-900">{card.name}</Heading>
          <p className="mt-1 text-slate-600">{card.desc}</p>
          <p className="mt-4 flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <span className="sr-only">{t("common.label", { label: t("pricing.newPrice") })}</span>
            <span className="text-4xl font-extrabold text-slate-950">{card.price}</span>
            {/* The crossed-out price, named in words: the price before the reduction. */}
            <span className="text-sm whitespace-nowrap text-slate-600">
              {t("pricing.oldPrice")} <del className="text-lg text-slate-500">{card.oldPrice}</del>
            </span>
          </p>
          <ul className="mt-5 mb-6 space-y-2 text-slate-700">
            {card.features.map((feature) => (
              <li key={feature} className="flex gap-2">
                <Icon name="check" className="mt-0.5 size-5 shrink-0 text-emerald-600" />
                {/* A word longer than the line (large text) breaks inside its own box. */}
                <span className="min-w-0">{feature}</span>
              </li>
            ))}
          </ul>
          {/* Three cards side by side from 1024 px leave "Commander par téléphone" too little room for one line. */}
          <CallButton className="mt-auto w-full" variant={card.popular ? "call" : "primary"} wrap>
            {t("pricing.order")}
          </CallButton>
        </article>
      ))}
    </div>
  );
}
