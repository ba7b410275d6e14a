export * from "./balance.ts";
export * from "./camt053.ts";
export * from "./coda.ts";
export * from "./detect.ts";
export * from "./errors.ts";
export * from "./matching.ts";
export * from "./references.ts";
export * from "./types.ts";
