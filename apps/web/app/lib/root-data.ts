import type { Language } from "@booking/contracts";
import { useRouteLoaderData } from "react-router";
import { DEFAULT_LANGUAGE } from "../i18n";
import type { RootData, StorefrontShell } from "./shell";

export function useRootData(): RootData | undefined {
  return useRouteLoaderData("root") as RootData | undefined;
}

/** The language of the page: the URL prefix when present, otherwise the organiser's. */
export function useLanguage(): Language {
  return useRootData()?.lang ?? DEFAULT_LANGUAGE;
}

export function useStorefrontShell(): StorefrontShell | null {
  const data = useRootData();
  return data?.kind === "storefront" ? data.shell : null;
}
