export * from "./age-groups.ts";
export * from "./figures.ts";
export * from "./outstanding-ages.ts";
export * from "./period.ts";
