import { useState, type ReactNode } from "react";
import { Static } from "./Static.tsx";

export interface BlogFilterProps {
  /** The chips' group name. */
  label: string;
  /** "all" first, then each category, with its name in the page's language. */
  chips: { id: string; text: string }[];
  /** Each card's category, in the list's order. */
  categories: string[];
  /** Shown when a category has no posts. */
  empty: string;
  /** Each card's content (build time only). */
  cards?: ReactNode[];
}

const chip =
  "rounded-full border px-4 py-2 text-sm font-semibold border-slate-300 bg-white text-slate-700 hover:bg-slate-100 aria-pressed:border-sky-800 aria-pressed:bg-sky-800 aria-pressed:text-white";

/**
 * The blog's category chips. Without script they stay hidden and every post shows; with it, a
 * chip shows only its category's cards ("all" shows every card) and is marked aria-pressed.
 */
export function BlogFilter({ label, chips, categories, empty, cards }: BlogFilterProps) {
  const [selected, setSelected] = useState("all");
  const shows = (category: string) => selected === "all" || category === selected;
  return (
    <>
      <div role="group" aria-label={label} className="mb-8 hidden flex-wrap gap-2 js:flex" data-blog-filter>
        {chips.map(({ id, text }) => (
          <button key={id} type="button" className={chip} data-filter={id} aria-pressed={id === selected ? "true" : "false"} onClick={() => setSelected(id)}>
            {text}
          </button>
        ))}
      </div>
      <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3" data-blog-posts>
        {categories.map((category, index) => (
          <Static
            as="li"
            key={index}
            data-category={category}
            hidden={!shows(category)}
            className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
          >
            {cards?.[index]}
          </Static>
        ))}
      </ul>
      <p hidden={categories.some(shows)} className="text-lg text-slate-600" data-blog-empty>
        {empty}
      </p>
    </>
  );
}
