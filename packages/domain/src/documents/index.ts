export * from "./attendance.ts";
export * from "./availability.ts";
export * from "./elements.ts";
export * from "./inputs.ts";
export * from "./layout.ts";
export * from "./values.ts";
