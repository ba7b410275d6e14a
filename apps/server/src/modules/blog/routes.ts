import {
  blogArticleList,
  blogArticleParams,
  blogArticlesQuery,
  blogArticleView,
} from "@booking/contracts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AppError } from "../../http/app-error.ts";
import { sendPublicJson } from "../../http/public-answers.ts";
import type { PublicCache } from "../../http/public-cache.ts";
import { publicOrigin } from "../../http/public-urls.ts";
import { type ContextDeps, inTenant, type ServiceContext } from "../../http/service-context.ts";
import { blogFeed, getBlogArticle, listBlogArticles } from "./service.ts";

/**
 * The storefront's blog calls (storefront.md §7 `GET /api/blog/articles`, limit: latest 3 by
 * default), one article by slug or cuid, and the Atom feed `/blog/feed.xml`. Registered before
 * the web app's catch-all route; organiser hosts only.
 */
export function registerBlogRoutes(
  app: FastifyInstance,
  deps: ContextDeps & { publicCache: PublicCache | null },
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["blog"];
  const answer = <T>(
    request: FastifyRequest,
    reply: FastifyReply,
    read: (context: ServiceContext) => Promise<T>,
  ) => sendPublicJson(deps.publicCache, request, reply, () => inTenant(deps, request, read));

  api.get(
    "/api/blog/articles",
    { schema: { tags, querystring: blogArticlesQuery, response: { 200: blogArticleList } } },
    (request, reply) =>
      answer(request, reply, (context) => listBlogArticles(context, request.query)),
  );

  api.get(
    "/api/blog/articles/:article",
    { schema: { tags, params: blogArticleParams, response: { 200: blogArticleView } } },
    (request, reply) =>
      answer(request, reply, async (context) => {
        const article = await getBlogArticle(context, request.params.article);
        if (!article) throw new AppError("BLOG_ARTICLE_NOT_FOUND");
        return article;
      }),
  );

  app.get("/blog/feed.xml", { schema: { hide: true } }, async (request, reply) => {
    const xml = await inTenant(deps, request, (context) =>
      blogFeed(context, publicOrigin(request)),
    );
    return reply
      .type("application/atom+xml; charset=utf-8")
      .header("cache-control", "public, max-age=600")
      .send(xml);
  });
}
