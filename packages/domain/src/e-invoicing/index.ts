export * from "./document.ts";
export * from "./summary.ts";
