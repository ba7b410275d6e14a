import { existsSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pathToFileURL } from "node:url";
import { isPreviewUrl, PREVIEW_SECTIONS_PATH, type SsrRequestContext } from "@booking/contracts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  createRequestHandler,
  type RouterContext,
  RouterContextProvider,
  type ServerBuild,
} from "react-router";
import { SESSION_COOKIE } from "./cookies.ts";
import { allowFramingBy } from "./csp.ts";
import { databaseCodeOf, noteDatabaseFailure } from "./database-failures.ts";
import { isNavigationData } from "./navigation-data.ts";
import {
  answerBody,
  type CachedAnswer,
  cachedAnswer,
  ORGANISER_SCOPE,
  type PublicCache,
} from "./public-cache.ts";
import { publicOrigin } from "./public-urls.ts";
import { siteBuild } from "./site-routes.ts";
import { registerStaticAssets } from "./static-assets.ts";

export const WEB_BUILD_DIR = path.resolve(import.meta.dirname, "../../../web/build");

/** `visitor`: the context of a visitor without session, whatever cookies the request carries. */
type LoadContextFactory = (
  request: FastifyRequest,
  options?: { visitor?: boolean },
) => Promise<SsrRequestContext>;

/** Most preview data requests per minute and address (the editor asks at most a few a second). */
const PREVIEW_SECTIONS_PER_MINUTE = 240;

/**
 * The page request as the web app sees it, on the site's configured origin (canonical and
 * hreflang links are built from it), never on the Host or X-Forwarded-* the client sent.
 * `shared`: the rendering serves other visitors too (decision 0012), so it gets none of this
 * visitor's headers, which are not part of the cache's key, and this one leaving must not abort it.
 */
function toFetchRequest(request: FastifyRequest, shared = false): Request {
  const url = fetchUrl(request);
  if (shared) return new Request(url, { method: request.method });
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  const controller = new AbortController();
  request.raw.once("close", () => controller.abort());
  return new Request(url, { method: request.method, headers, signal: controller.signal });
}

function fetchUrl(request: FastifyRequest): URL {
  // Appended, not resolved: a path such as `//other.example/x` must stay a path.
  const path = request.url.startsWith("/") ? request.url : `/${request.url}`;
  return new URL(`${publicOrigin(request)}${path}`);
}

/**
 * A storefront page asked in preview mode: framed by the console's page editor, fed unsaved
 * content, so it is neither shared through the public cache nor indexed nor kept by browsers.
 */
function isPreviewPage(request: FastifyRequest): boolean {
  return request.tenant.kind === "storefront" && isPreviewUrl(fetchUrl(request));
}

async function sendFetchResponse(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name !== "set-cookie") reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header("set-cookie", cookies);
  if (!response.body) return reply.send();
  // A document streams its shell first. The rest (a navigation's `.data`, which carries no
  // deferred data here) is complete at once: sent whole, it is compressed in one call rather than
  // through a compression stream (decision 0108).
  if (!response.headers.get("content-type")?.startsWith("text/html")) {
    return reply.send(Buffer.from(await response.arrayBuffer()));
  }
  return reply.send(Readable.fromWeb(response.body as import("node:stream/web").ReadableStream));
}

/**
 * The routes whose loader data is the organiser's alone (`handle.organiserData`, decision 0109):
 * the same for every reader, changed only by the organiser's staff.
 */
function organiserDataRoutes(build: ServerBuild): Set<string> {
  const ids = Object.values(build.routes)
    .filter((route) => {
      const handle = route?.module.handle as { organiserData?: boolean } | undefined;
      return handle?.organiserData === true;
    })
    .map((route) => route!.id);
  return new Set(ids);
}

/**
 * A navigation's data (`….data?_routes=…`) that asks only loaders of `routes`: its answer is the
 * same whoever asks. Without `_routes` every matched loader runs, the layout's too.
 */
function asksOnly(request: FastifyRequest, routes: Set<string>): boolean {
  if (request.method !== "GET" || routes.size === 0) return false;
  const url = fetchUrl(request);
  const asked = url.searchParams.get("_routes")?.split(",");
  return isNavigationData(url.pathname) && asked?.every((id) => routes.has(id)) === true;
}

/**
 * Serves the React Router app: its static assets, then every other GET/HEAD page through its
 * request handler, with the request's tenant and session handed to loaders as router context.
 */
export async function registerWebApp(
  app: FastifyInstance,
  loadContext: LoadContextFactory,
  publicCache: PublicCache | null,
  buildDir = WEB_BUILD_DIR,
): Promise<void> {
  const serverEntry = path.join(buildDir, "server/index.js");
  if (!existsSync(serverEntry)) {
    throw new Error(`The web app is not built (${serverEntry} is missing): run npm run build`);
  }
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  const { requestContext, errorLogContext, sharedRenderContext } = build.entry.module as {
    requestContext?: RouterContext<SsrRequestContext>;
    errorLogContext?: RouterContext<(error: unknown) => void>;
    sharedRenderContext?: RouterContext<boolean>;
  };
  if (!requestContext || !errorLogContext) {
    throw new Error("The web build does not export requestContext and errorLogContext");
  }
  const mode = process.env.NODE_ENV === "production" ? "production" : "development";
  // The console's host serves every route; the sites match their paths against their own only.
  const consoleHandle = createRequestHandler(build, mode);
  const siteHandle = createRequestHandler(siteBuild(build), mode);
  const handleWith = (request: FastifyRequest, fetchRequest: Request, ssr: SsrRequestContext) => {
    const context = new RouterContextProvider();
    context.set(requestContext, ssr);
    // Through the server's logger: a failed statement is written without its values. A database
    // out of reach (or a pool that gave no connection in time) makes the page a 503, not a 500.
    context.set(errorLogContext, (error) => {
      if (noteDatabaseFailure(request, error)) {
        request.log.warn({ dbCode: databaseCodeOf(error) }, "page waited for the database");
      } else request.log.error({ err: error }, "page failed");
    });
    // A customer's document (not the `.data` of a navigation): rendered shared (decision 0058).
    if (sharedRenderContext && ssr.kind === "storefront" && ssr.session.customer) {
      const document =
        request.method === "GET" && !isNavigationData(new URL(fetchRequest.url).pathname);
      context.set(sharedRenderContext, document);
    }
    const handle = request.tenant.kind === "admin" ? consoleHandle : siteHandle;
    return handle(fetchRequest, context);
  };

  const organiserData = organiserDataRoutes(build);

  await registerStaticAssets(app, path.join(buildDir, "client"));

  app.route({
    method: ["GET", "HEAD"],
    url: "/*",
    config: { hosts: "pages" },
    schema: { hide: true },
    async handler(request, reply) {
      // An API address no route took (an unknown call, a parameter too long to match) is no page.
      if (request.url.startsWith("/api/")) return reply.callNotFound();
      // The console lives under /admin on its own host.
      if (request.tenant.kind === "admin" && request.url === "/") return reply.redirect("/admin");
      // Shared: rendered as a visitor sees it, whatever cookies the request carries.
      const render = async (shared = false) =>
        handleWith(
          request,
          toFetchRequest(request, shared),
          await loadContext(request, { visitor: shared }),
        );
      const tenant = request.tenant;
      if (isPreviewPage(request)) {
        // As a visitor sees it, like its sections' data (below).
        const response = await render(true);
        allowFramingBy(reply, request.server.publicUrls.console());
        response.headers.set("cache-control", "private, no-store");
        response.headers.set("x-robots-tag", "noindex");
        return sendFetchResponse(reply, response);
      }
      // A navigation's data that only the organiser's staff change is everyone's (decision 0109):
      // kept while they change nothing, through the customers' adds and checkouts.
      if (tenant.kind === "storefront" && asksOnly(request, organiserData)) {
        if (!publicCache) return sendFetchResponse(reply, await render(true));
        const key = `${ORGANISER_SCOPE}page ${request.url}`;
        const data = await publicCache.get(tenant.organiser.id, key, async () =>
          storedPage(await render(true), ""),
        );
        return sendStored(reply, data, "");
      }
      // Visitors without a session all see the same page: it is rendered once for a moment (0012).
      if (
        publicCache &&
        tenant.kind === "storefront" &&
        request.method === "GET" &&
        !request.cookies[SESSION_COOKIE]
      ) {
        const page = await publicCache.get(tenant.organiser.id, `page ${request.url}`, async () =>
          storedPage(await render(true), request.cspNonce),
        );
        return sendStored(reply, page, request.cspNonce);
      }
      return sendFetchResponse(reply, await render());
    },
  });

  // The preview's sections data (routes/storefront/preview-sections.ts): the section loaders of
  // the posted, unsaved content, run as for a visitor without session, so only public data of
  // this organiser is read. Nothing changes, hence no XSRF token: the framed preview may have no
  // cookie of this site at all (a third-party frame).
  app.route({
    method: "POST",
    url: PREVIEW_SECTIONS_PATH,
    bodyLimit: 512 * 1024,
    schema: { hide: true },
    config: {
      xsrf: false,
      readOnly: true,
      rateLimit: {
        max: PREVIEW_SECTIONS_PER_MINUTE,
        timeWindow: "1 minute",
        keyGenerator: (request: FastifyRequest) => `${request.ip}|${request.siteHost}|preview`,
      },
    },
    async handler(request, reply) {
      const fetchRequest = new Request(fetchUrl(request), {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(request.body ?? null),
      });
      const response = await handleWith(
        request,
        fetchRequest,
        await loadContext(request, { visitor: true }),
      );
      response.headers.set("cache-control", "no-store");
      return sendFetchResponse(reply, response);
    },
  });
}

function sendStored(reply: FastifyReply, answer: CachedAnswer, nonce: string): FastifyReply {
  return reply.status(answer.status).headers(answer.headers).send(answerBody(answer, nonce));
}

/** A rendered page kept for other visitors, who each get their own request's nonce in it. */
async function storedPage(response: Response, nonce: string): Promise<CachedAnswer> {
  const headers: Record<string, string> = {};
  // Pages never set cookies (sessions and XSRF tokens are set by the server around them).
  for (const [name, value] of response.headers) if (name !== "set-cookie") headers[name] = value;
  return cachedAnswer(response.status, headers, await response.text(), nonce);
}
