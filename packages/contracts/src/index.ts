import "./zod-config.ts";

export * from "./auth.ts";
export * from "./carts.ts";
export * from "./catalogue.ts";
export * from "./catalogue-queries.ts";
export * from "./checkout.ts";
export * from "./common.ts";
export * from "./custom-fields.ts";
export * from "./errors.ts";
export * from "./organiser.ts";
export * from "./page-elements.ts";
export * from "./participants.ts";
export * from "./registration-form.ts";
export * from "./session.ts";
export * from "./ssr-context.ts";
export * from "./waiting-list.ts";
