import { useRootData } from "../../lib/root-data";

/** An inline JSON-LD block; it carries the CSP nonce like every inline script of the page. */
export function JsonLd({ json }: { json: string }) {
  const data = useRootData();
  return (
    <script
      type="application/ld+json"
      nonce={data?.nonce}
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: serialised by serializeJsonLd, with <, > and & escaped
      dangerouslySetInnerHTML={{ __html: json }}
    />
  );
}
