export * from "./ages.ts";
export * from "./custom-fields.ts";
export * from "./money.ts";
export * from "./text.ts";
