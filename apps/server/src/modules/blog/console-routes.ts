import {
  adminArticleList,
  adminArticlesQuery,
  adminArticleView,
  adminImageList,
  adminImageView,
  articleBody,
  articleImageParams,
  articleParams,
  articlePublishedBody,
  imageBody,
  imageOrderBody,
  okResponse,
} from "@booking/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type ConsoleDeps, inConsole } from "../../http/console-context.ts";
import { resizeUpload } from "../images/resize.ts";
import type { ImageStore } from "../images/storage.ts";
import { acceptImageUploads, readImageUpload } from "../images/upload.ts";
import { blogConsole } from "./console-service.ts";
import { blogImagesConsole } from "./image-service.ts";

export interface BlogConsoleDeps extends ConsoleDeps {
  images: ImageStore;
}

const PATH = "/api/admin/blog/articles";

/**
 * The console's blog (`blog.articles.*`): list, write, publish or unpublish, delete articles,
 * and their images (upload, alt text, order, removal). Any change drops the organiser's public
 * answers (public-answers.ts), so /blog shows it at once.
 */
export async function registerBlogConsoleRoutes(
  app: FastifyInstance,
  deps: BlogConsoleDeps,
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["console: blog"];
  const params = articleParams;

  api.get(
    PATH,
    {
      schema: { tags, querystring: adminArticlesQuery, response: { 200: adminArticleList } },
      config: { console: "blog.articles.read" },
    },
    (request) => inConsole(deps, request, (context) => blogConsole.list(context, request.query)),
  );
  api.post(
    PATH,
    {
      schema: { tags, body: articleBody, response: { 201: adminArticleView } },
      config: { console: "blog.articles.create" },
    },
    async (request, reply) => {
      const created = await inConsole(deps, request, (context) =>
        blogConsole.create(context, request.body),
      );
      return reply.status(201).send(created);
    },
  );
  api.get(
    `${PATH}/:cuid`,
    {
      schema: { tags, params, response: { 200: adminArticleView } },
      config: { console: "blog.articles.read" },
    },
    (request) =>
      inConsole(deps, request, (context) => blogConsole.get(context, request.params.cuid)),
  );
  api.put(
    `${PATH}/:cuid`,
    {
      schema: { tags, params, body: articleBody, response: { 200: adminArticleView } },
      config: { console: "blog.articles.update" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        blogConsole.update(context, request.params.cuid, request.body),
      ),
  );
  api.put(
    `${PATH}/:cuid/published`,
    {
      schema: { tags, params, body: articlePublishedBody, response: { 200: adminArticleView } },
      config: { console: "blog.articles.update" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        blogConsole.setPublished(context, request.params.cuid, request.body.published),
      ),
  );
  api.delete(
    `${PATH}/:cuid`,
    {
      schema: { tags, params, response: { 200: okResponse } },
      config: { console: "blog.articles.delete" },
    },
    async (request) => {
      await inConsole(deps, request, (context) =>
        blogConsole.remove(context, request.params.cuid, deps.images),
      );
      return { ok: true as const };
    },
  );

  await registerArticleImageRoutes(app, deps);
}

/** An article's images (/api/admin/blog/articles/:cuid/images): part of editing the article. */
async function registerArticleImageRoutes(app: FastifyInstance, deps: BlogConsoleDeps) {
  await app.register(async (scope) => {
    await acceptImageUploads(scope);
    const api = scope.withTypeProvider<ZodTypeProvider>();
    const tags = ["console: blog"];
    const access = { console: "blog.articles.update" as const };

    api.post(
      `${PATH}/:cuid/images`,
      {
        schema: { tags, params: articleParams, response: { 201: adminImageView } },
        config: access,
      },
      async (request, reply) => {
        const upload = await resizeUpload(await readImageUpload(request));
        const image = await inConsole(deps, request, (context) =>
          blogImagesConsole.add(context, request.params.cuid, upload, deps.images),
        );
        return reply.status(201).send(image);
      },
    );
    api.put(
      `${PATH}/:cuid/images/order`,
      {
        schema: {
          tags,
          params: articleParams,
          body: imageOrderBody,
          response: { 200: adminImageList },
        },
        config: access,
      },
      async (request) => ({
        data: await inConsole(deps, request, (context) =>
          blogImagesConsole.reorder(context, request.params.cuid, request.body),
        ),
      }),
    );
    api.put(
      `${PATH}/:cuid/images/:image`,
      {
        schema: {
          tags,
          params: articleImageParams,
          body: imageBody,
          response: { 200: adminImageView },
        },
        config: access,
      },
      (request) =>
        inConsole(deps, request, (context) =>
          blogImagesConsole.update(
            context,
            request.params.cuid,
            request.params.image,
            request.body,
          ),
        ),
    );
    api.delete(
      `${PATH}/:cuid/images/:image`,
      {
        schema: { tags, params: articleImageParams, response: { 200: okResponse } },
        config: access,
      },
      async (request) => {
        await inConsole(deps, request, (context) =>
          blogImagesConsole.remove(context, request.params.cuid, request.params.image, deps.images),
        );
        return { ok: true as const };
      },
    );
  });
}
