import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { precompress } from "./build-plugins/precompress";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), precompress()],
  build: {
    modulePreload: {
      // The storefront's preview mode (sections/preview) is imported lazily by the layout every
      // visitor loads: no list of its chunks in that layout (it loads them itself, in preview).
      resolveDependencies: (file, dependencies) =>
        file.includes("preview-mode") ? [] : dependencies,
    },
  },
});
