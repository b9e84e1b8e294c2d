/**
 * The phone menu: `#menu-toggle` shows and hides `nav#mobile-menu` (its `data-open` attribute
 * drives the CSS). Choosing a link, pressing Escape or clicking elsewhere closes it.
 */
export function initMenu(): void {
  const toggle = document.getElementById("menu-toggle");
  const menu = document.getElementById("mobile-menu");
  if (!toggle || !menu) return;
  const isOpen = () => menu.hasAttribute("data-open");
  const setOpen = (open: boolean) => {
    menu.toggleAttribute("data-open", open);
    toggle.setAttribute("aria-expanded", String(open));
  };
  toggle.addEventListener("click", () => setOpen(!isOpen()));
  menu.addEventListener("click", (event) => {
    if ((event.target as Element).closest("a")) setOpen(false);
  });
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || !isOpen()) return;
    setOpen(false);
    toggle.focus();
  });
  document.addEventListener("click", (event) => {
    const target = event.target as Node;
    if (isOpen() && !toggle.contains(target) && !menu.contains(target)) setOpen(false);
  });
}
