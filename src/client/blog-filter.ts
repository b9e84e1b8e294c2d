/**
 * The blog's category chips. Without script they stay hidden and every post shows; with it,
 * a chip shows only its category's cards ("all" shows every card) and is marked aria-pressed.
 */
export function initBlogFilter(): void {
  const chips = document.querySelector<HTMLElement>("[data-blog-filter]");
  const list = document.querySelector<HTMLElement>("[data-blog-posts]");
  if (!chips || !list) return;
  const empty = document.querySelector<HTMLElement>("[data-blog-empty]");
  chips.addEventListener("click", (event) => {
    const chip = (event.target as Element).closest<HTMLButtonElement>("button[data-filter]");
    if (!chip) return;
    const category = chip.dataset.filter;
    for (const other of chips.querySelectorAll("button[data-filter]")) other.setAttribute("aria-pressed", String(other === chip));
    let shown = 0;
    for (const card of list.querySelectorAll<HTMLElement>(":scope > li[data-category]")) {
      card.hidden = category !== "all" && card.dataset.category !== category;
      if (!card.hidden) shown++;
    }
    if (empty) empty.hidden = shown > 0;
  });
}
