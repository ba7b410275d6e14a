import type { SsrRequestContext } from "@booking/contracts";
import { createContext } from "react-router";

/**
 * The per-request context the server sets on the RouterContextProvider it returns from
 * getLoadContext (`context.set(requestContext, value)`). Loaders read everything through it.
 * entry.server.tsx re-exports it so the server can reach it as `build.entry.module.requestContext`.
 */
export const requestContext = createContext<SsrRequestContext>();
