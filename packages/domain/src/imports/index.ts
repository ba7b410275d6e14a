export * from "./customer-plan.ts";
export * from "./customer-rows.ts";
export * from "./errors.ts";
export * from "./headers.ts";
export * from "./values.ts";
