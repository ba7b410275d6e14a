import type { SsrRequestContext } from "@booking/contracts";
import { data, type RouterContextProvider } from "react-router";
import { requestContext } from "../context";

export type StorefrontContext = Extract<SsrRequestContext, { kind: "storefront" }>;
export type AdminContext = Extract<SsrRequestContext, { kind: "admin" }>;
export type PlatformContext = Extract<SsrRequestContext, { kind: "platform" }>;

export function notFound(): never {
  throw data(null, { status: 404, statusText: "Not Found" });
}

export function readRequestContext(context: Readonly<RouterContextProvider>): SsrRequestContext {
  return context.get(requestContext);
}

/** The storefront context of an organiser host; any other host gets a 404. */
export function requireStorefront(context: Readonly<RouterContextProvider>): StorefrontContext {
  const value = readRequestContext(context);
  if (value.kind !== "storefront") notFound();
  return value;
}

/** The admin-host context; an organiser host gets a 404. */
export function requireAdmin(context: Readonly<RouterContextProvider>): AdminContext {
  const value = readRequestContext(context);
  if (value.kind !== "admin") notFound();
  return value;
}

/** The platform host's context (the product's site, the sign-up); any other host gets a 404. */
export function requirePlatform(context: Readonly<RouterContextProvider>): PlatformContext {
  const value = readRequestContext(context);
  if (value.kind !== "platform") notFound();
  return value;
}
