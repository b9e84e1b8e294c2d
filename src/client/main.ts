// The one client script, shared by every page. Each behaviour enhances markup that already works
// without it and does nothing on pages that lack its markup.
import { initBlogFilter } from "./blog-filter.ts";
import { initConsent } from "./consent.ts";
import { initContactForm } from "./contact-form.ts";
import { initLanguageSwitcher } from "./language.ts";
import { initMenu } from "./menu.ts";

initMenu();
initLanguageSwitcher();
initBlogFilter();
initConsent();
initContactForm();
