import type { ComponentType } from "react";
import type { TemplateName } from "../shared/routes.ts";
import { About } from "./pages/About.tsx";
import { Article } from "./pages/Article.tsx";
import { Blog } from "./pages/Blog.tsx";
import { Contact } from "./pages/Contact.tsx";
import { Home } from "./pages/Home.tsx";
import { Legal } from "./pages/Legal.tsx";
import { NotFound } from "./pages/NotFound.tsx";
import { Prices } from "./pages/Prices.tsx";
import { Service } from "./pages/Service.tsx";
import { Services } from "./pages/Services.tsx";

/** Which component draws each template of the route table. */
export const templates: Record<TemplateName, ComponentType> = {
  home: Home,
  services: Services,
  prices: Prices,
  about: About,
  blog: Blog,
  contact: Contact,
  legal: Legal,
  service: Service,
  article: Article,
  "not-found": NotFound,
};
