export * from "./due-date.ts";
export * from "./legal-mentions.ts";
export * from "./numbering.ts";
export * from "./settings.ts";
export * from "./snapshot.ts";
export * from "./vat.ts";
