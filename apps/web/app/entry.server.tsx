import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";

/**
 * The server reads these as `build.entry.module.requestContext` and `.errorLogContext` to set each
 * request's context and error log.
 */
export { errorLogContext, requestContext } from "./context";

import { errorLogContext, requestContext } from "./context";
import { loadAllTranslations } from "./i18n";
import { createPageStrings, PageStringsContext, pageStringsScript } from "./i18n/page-translations";
import { ownValuesOf } from "./lib/own-values";
import { sharedRender } from "./lib/shared-render.server";

/** The server sets it on the document requests of logged-in customers (lib/own-values.ts). */
export { sharedRenderContext } from "./lib/own-values";

// Loaders and renders create their translators synchronously: every bundle is in memory first.
await loadAllTranslations();

export const streamTimeout = 5_000;

/** Errors of loaders and actions go to the server's log (React Router would print them whole). */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  (context as RouterContextProvider).get(errorLogContext)(error);
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // A logged-in customer's page whose loaders marked the customer's values: one render serves
  // every page of the same shape, each with its reader's values (decision 0058).
  const values = ownValuesOf(loadContext);
  if (values) {
    const nonce = loadContext.get(requestContext).cspNonce;
    return sharedRender({
      request,
      status: responseStatusCode,
      headers: responseHeaders,
      context: routerContext,
      nonce,
      values,
      render: (context) => renderDocument(request, context, nonce),
    });
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers (and SPA mode) get the whole document at once; people get the shell as soon as ready.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    // Inline scripts must carry the nonce of the request's Content-Security-Policy.
    const nonce = loadContext.get(requestContext).cspNonce;
    const strings = createPageStrings();
    const { pipe, abort } = renderToPipeableStream(
      <PageStringsContext value={strings}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </PageStringsContext>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
            // The render is done: the strings its components used follow the document.
            flush(callback) {
              callback(null, pageStringsScript(strings));
            },
          });
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) loadContext.get(errorLogContext)(error);
        },
      },
    );
  });
}

/** The whole document at once, as a text (shared renders are cut where the markers are). */
function renderDocument(request: Request, context: EntryContext, nonce: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new PassThrough();
    const strings = createPageStrings();
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
    sink.on("data", (chunk: Buffer) => chunks.push(chunk));
    sink.on("end", () => {
      clearTimeout(timeoutId);
      resolve(Buffer.concat(chunks).toString("utf8") + pageStringsScript(strings));
    });
    const { pipe, abort } = renderToPipeableStream(
      <PageStringsContext value={strings}>
        <ServerRouter context={context} url={request.url} nonce={nonce} />
      </PageStringsContext>,
      {
        nonce,
        onAllReady: () => pipe(sink),
        onShellError: reject,
        onError: reject,
      },
    );
  });
}
