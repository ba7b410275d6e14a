// toUbl is imported from "@booking/domain/e-invoicing/ubl": it keeps the XML builder out of
// the web bundles that import this package's index.
export * from "./document.ts";
export * from "./summary.ts";
export * from "./vat-numbers.ts";
