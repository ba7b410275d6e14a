/**
 * Whether a path asks a navigation's data (React Router's `….data`, its loaders' answer to a
 * client navigation or a revalidation) rather than a document: admission (decision 0107), the
 * shared render of documents (0058) and the organiser's data (0109) tell them apart by it.
 */
export function isNavigationData(pathname: string): boolean {
  return pathname.endsWith(".data");
}
