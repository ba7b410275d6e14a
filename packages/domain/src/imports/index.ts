export * from "./activity-plan.ts";
export * from "./activity-rows.ts";
export * from "./customer-plan.ts";
export * from "./customer-rows.ts";
export * from "./errors.ts";
export * from "./headers.ts";
export * from "./kind.ts";
export * from "./values.ts";
