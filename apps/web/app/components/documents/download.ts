import { ApiRequestError, apiRequestError } from "../../lib/api";

/** The file name of a Content-Disposition header (the UTF-8 one first); null without one. */
export function dispositionFileName(header: string | null): string | null {
  if (!header) return null;
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (utf8) {
    try {
      return decodeURIComponent(utf8[1]!.trim());
    } catch {
      // fall back to the plain name
    }
  }
  return /filename="([^"]*)"/i.exec(header)?.[1] ?? null;
}

/**
 * Fetches a document from GET /api/documents/download and saves it as a file. A refusal of the
 * API (400 with the fields, 409 with the amount or the date…) rejects with its ApiRequestError.
 */
export async function downloadDocument(url: string, fallbackName: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(url, {
      credentials: "same-origin",
      headers: { Accept: "application/pdf, application/json" },
    });
  } catch {
    throw new ApiRequestError(0, "NETWORK_ERROR");
  }
  if (!response.ok) {
    throw apiRequestError(response.status, await response.json().catch(() => null));
  }
  const blob = await response.blob();
  const href = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = href;
  link.download = dispositionFileName(response.headers.get("content-disposition")) ?? fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; the URL can go a little later.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
