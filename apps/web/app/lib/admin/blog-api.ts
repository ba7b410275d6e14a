import type { AdminArticleView, ArticleBody } from "@booking/contracts";
import { apiRequest } from "../api";
import { galleryApi } from "./gallery-api";

/** The console's blog calls sent by the browser; reads go through the loaders. */

const ARTICLES = "/api/admin/blog/articles";
const article = (cuid: string) => `${ARTICLES}/${encodeURIComponent(cuid)}`;

export const blogApi = {
  create: (body: ArticleBody) => apiRequest<AdminArticleView>("POST", ARTICLES, body),
  update: (cuid: string, body: ArticleBody) =>
    apiRequest<AdminArticleView>("PUT", article(cuid), body),
  publish: (cuid: string, published: boolean) =>
    apiRequest<AdminArticleView>("PUT", `${article(cuid)}/published`, { published }),
  remove: (cuid: string) => apiRequest<{ ok: true }>("DELETE", article(cuid)),
  gallery: (cuid: string) => galleryApi(article(cuid)),
};
