/** The storefront and console languages. Apart from the zod schemas: pages import it alone. */
export const LANGUAGES = ["fr", "en"] as const;
export type Language = (typeof LANGUAGES)[number];
