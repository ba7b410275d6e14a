// drizzle-orm's query operators (eq, and, sql, ...) re-exported, so that the app uses the very
// drizzle-orm instance the schema was built with, without depending on it directly.
export * from "drizzle-orm";
