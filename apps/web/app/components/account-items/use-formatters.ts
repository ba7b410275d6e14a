import { useMemo } from "react";
import { createFormatters, type Formatters } from "../../lib/format";
import { useLanguage, useStorefrontShell } from "../../lib/root-data";

/** The organiser's formatters in the page's language, for components that format in the browser. */
export function useFormatters(): Formatters {
  const shell = useStorefrontShell();
  const language = useLanguage();
  const currency = shell?.organiser.currency ?? "EUR";
  const timezone = shell?.organiser.timezone ?? "UTC";
  return useMemo(
    () => createFormatters(language, timezone, currency),
    [language, timezone, currency],
  );
}
