import type { SsrRequestContext } from "@booking/contracts";
import { createContext } from "react-router";

/**
 * The per-request context the server sets on the RouterContextProvider it returns from
 * getLoadContext (`context.set(requestContext, value)`). Loaders read everything through it.
 * entry.server.tsx re-exports it so the server can reach it as `build.entry.module.requestContext`.
 */
export const requestContext = createContext<SsrRequestContext>();

/**
 * Where the errors pages meet are written (entry.server.tsx's handleError): the server sets its
 * own logger, which writes a failed statement without its values (docs/decisions/0028).
 */
export const errorLogContext = createContext<(error: unknown) => void>((error) =>
  console.error(error),
);
