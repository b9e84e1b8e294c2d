export interface Toast {
  title: string;
  text: string;
  destructive?: boolean;
}

// Long enough to read a sentence twice; errors stay longer. Hovering or focusing a
// notification holds it (WCAG 2.2.1), the close button removes it at once.
const durations = { normal: 6000, destructive: 10000 };
const maxShown = 3;

/**
 * Shows a notification in the `#toasts` live region, cloned from `template#toast-template`
 * (the markup, its classes and the dismiss label come from the page, in its language).
 */
export function showToast({ title, text, destructive = false }: Toast): void {
  const region = document.getElementById("toasts");
  const template = document.getElementById("toast-template") as HTMLTemplateElement | null;
  if (!region || !template) return;
  const toast = template.content.firstElementChild!.cloneNode(true) as HTMLElement;
  if (destructive) {
    toast.setAttribute("data-destructive", "");
    toast.setAttribute("role", "alert");
  }
  toast.querySelector("[data-toast-title]")!.textContent = title;
  toast.querySelector("[data-toast-text]")!.textContent = text;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hold = () => clearTimeout(timer);
  const release = () => {
    hold();
    timer = setTimeout(remove, destructive ? durations.destructive : durations.normal);
  };
  const remove = () => {
    hold();
    toast.remove();
  };
  toast.querySelector("[data-toast-close]")!.addEventListener("click", remove);
  toast.addEventListener("mouseenter", hold);
  toast.addEventListener("mouseleave", release);
  toast.addEventListener("focusin", hold);
  toast.addEventListener("focusout", release);
  while (region.children.length >= maxShown) region.firstElementChild!.remove();
  region.append(toast);
  release();
}
