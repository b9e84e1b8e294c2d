// The config's names that code outside the schema needs, without the schema (and zod) itself.

/** The business's own photos, shown on the home page and the about page. */
export const photoPlaces = ["van", "shop", "owner"] as const;
export type PhotoPlace = (typeof photoPlaces)[number];

/** Environment variables that override a config value, so one site builds for staging and production. */
export const configEnvironment = {
  SITE_ORIGIN: ["origin"],
  GA_MEASUREMENT_ID: ["analytics", "measurementId"],
  RECAPTCHA_SITE_KEY: ["recaptcha", "siteKey"],
  CONTACT_ENDPOINT: ["contact", "endpoint"],
  CONTACT_FORWARD: ["contact", "forward"],
} as const;
