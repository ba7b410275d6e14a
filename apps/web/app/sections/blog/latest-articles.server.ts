import { articleCard } from "../../lib/blog-data";
import { createFormatters } from "../../lib/format";
import { urlLanguage } from "../grids/query";
import { defineLoader } from "../types";

/** The latest published articles (settings.count of them), as cards in the page language. */
export const blogLatestArticlesLoader = defineLoader(
  "section:blog-latest-articles",
  async ({ settings, url, reader, organiser }) => {
    const format = createFormatters(
      urlLanguage(url, organiser),
      organiser.timezone,
      organiser.currency,
    );
    const { data } = await reader.blogArticles({ limit: String(settings.count) });
    return data.map((article) => articleCard(article, format));
  },
);
