export * from "./redemption.ts";
