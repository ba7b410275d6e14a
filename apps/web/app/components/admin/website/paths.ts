/** The page's address on the storefront, in the organiser's language (`{origin}/{lang}{path}`). */
export function storefrontPageUrl(storefrontUrl: string, language: string, path: string): string {
  return `${storefrontUrl.replace(/\/$/, "")}/${language}${path === "/" ? "" : path}`;
}
