import { clsx } from "clsx";
import { type KeyboardEvent, useId, useState } from "react";
import { useTranslation } from "../../i18n/react";
import type { ImageData } from "../catalogue/detail";
import { ChevronLeftIcon, ChevronRightIcon } from "../icons";

/**
 * An article's images, one at a time (WAI-ARIA carousel pattern, no autoplay): previous and next
 * buttons, one button per image, the arrow keys, Home and End while focus is inside. Before
 * hydration the first image shows; one image is shown plainly.
 */
export function ImageCarousel({ images, label }: { images: ImageData[]; label: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [current, setCurrent] = useState(0);
  const count = images.length;
  if (count === 0) return null;
  if (count === 1) {
    return (
      <img
        src={images[0]!.url}
        alt={images[0]!.alt}
        className="aspect-[3/2] w-full rounded-2xl bg-slate-100 object-cover"
        decoding="async"
      />
    );
  }
  const go = (index: number) => setCurrent((index + count) % count);
  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowLeft: current - 1,
      ArrowRight: current + 1,
      Home: 0,
      End: count - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    go(target);
  };
  const arrowClass =
    "absolute top-1/2 flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-slate-900 shadow-md hover:bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-ink";

  return (
    <section
      aria-roledescription={t("blog.carousel.name")}
      aria-label={label}
      className="flex flex-col gap-3"
      onKeyDown={onKeyDown}
      data-testid="article-carousel"
    >
      <div className="relative">
        <div id={`${id}-slides`} aria-live="polite" className="overflow-hidden rounded-2xl">
          {images.map((image, index) => (
            // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel's slide is a group, not a form fieldset
            <div
              key={image.url}
              role="group"
              aria-roledescription={t("blog.carousel.slide")}
              aria-label={t("blog.carousel.position", { index: index + 1, count })}
              hidden={index !== current}
            >
              <img
                src={image.url}
                alt={image.alt}
                loading={index === 0 ? "eager" : "lazy"}
                decoding="async"
                className="aspect-[3/2] w-full bg-slate-100 object-cover"
              />
            </div>
          ))}
        </div>
        <button
          type="button"
          aria-controls={`${id}-slides`}
          aria-label={t("blog.carousel.previous")}
          onClick={() => go(current - 1)}
          className={clsx(arrowClass, "left-3")}
          data-testid="carousel-previous"
        >
          <ChevronLeftIcon className="size-5" />
        </button>
        <button
          type="button"
          aria-controls={`${id}-slides`}
          aria-label={t("blog.carousel.next")}
          onClick={() => go(current + 1)}
          className={clsx(arrowClass, "right-3")}
          data-testid="carousel-next"
        >
          <ChevronRightIcon className="size-5" />
        </button>
      </div>
      <ul className="flex flex-wrap justify-center gap-1">
        {images.map((image, index) => (
          <li key={image.url}>
            <button
              type="button"
              aria-controls={`${id}-slides`}
              aria-label={t("blog.carousel.show", { index: index + 1, count })}
              aria-current={index === current ? "true" : undefined}
              onClick={() => go(index)}
              className="flex size-11 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-accent-ink"
            >
              <span
                className={clsx(
                  "block size-3 rounded-full border border-slate-500",
                  index === current ? "bg-slate-800" : "bg-white",
                )}
              />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
