import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { precompress } from "./build-plugins/precompress";

/**
 * The modules every storefront page runs before it can hydrate (the framework, the shell, the
 * translations loader, the page-builder renderer and their small helpers) in one file: on a
 * phone's network each request costs a round trip, and small files compress badly (decision
 * 0057). Only modules of the first load: the lazily loaded dialogs and sections stay apart. Not
 * the entry (its top-level await would wait on the sections it loads, which import this file)
 * nor route modules (the router loads them by their own files).
 */
const FIRST_LOAD = new RegExp(
  [
    String.raw`[\\/]node_modules[\\/](react|react-dom|react-router|scheduler|clsx)[\\/]`,
    String.raw`[\\/]app[\\/]i18n[\\/](index|page-translations|translator|react)\.tsx?$`,
    String.raw`[\\/]app[\\/]lib[\\/](page-parts|root-data|cart-context|format|links|api|toast|color|use-logout|use-hydrated|browser-language)\.tsx?$`,
    String.raw`[\\/]app[\\/]components[\\/](icons|localized-link|page-title|status-pages|toaster)\.tsx$`,
    String.raw`[\\/]app[\\/]components[\\/]ui[\\/](button|spinner|lazy-dialog)\.tsx?$`,
    String.raw`[\\/]app[\\/]components[\\/]layout[\\/](storefront-shell|header|desktop-nav|mobile-menu|footer|topbar|cart|use-auth-links)\.tsx?$`,
    String.raw`[\\/]app[\\/]sections[\\/](elements|render|tree|types)\.tsx?$`,
  ].join("|"),
);

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), precompress()],
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: { codeSplitting: { groups: [{ name: "first-load", test: FIRST_LOAD }] } },
        },
      },
    },
  },
  build: {
    modulePreload: {
      // The storefront's preview mode (sections/preview) is imported lazily by the layout every
      // visitor loads: no list of its chunks in that layout (it loads them itself, in preview).
      resolveDependencies: (file, dependencies) =>
        file.includes("preview-mode") ? [] : dependencies,
    },
  },
});
