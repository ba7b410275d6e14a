export * from "./collaborators.ts";
export * from "./exports.ts";
export * from "./session.ts";
