import type { FlexContainerSettings } from "@booking/contracts";
import { clsx } from "clsx";
import { type CSSProperties, type ReactNode, useId } from "react";
import { ChevronRightIcon } from "../../components/icons";
import { LocalizedLink } from "../../components/localized-link";
import { useTranslation } from "../../i18n/react";
import { useRootData, useStorefrontShell } from "../../lib/root-data";
import { headingTag, usePageContext } from "../render";
import { defineElement } from "../types";
import { ActionLink } from "./action-link";
import { itemsAlign, sectionColours, sectionPadding, sectionWidth, textAlign } from "./shared";

/** Children of a section: containers (or blocks placed directly), stacked. */
function Stack({ children }: { children?: ReactNode }) {
  if (!children) return null;
  return <div className="flex min-w-0 flex-col gap-8">{children}</div>;
}

// ---------------------------------------------------------------------------------------------
// Sections

export const basicSection = defineElement({
  key: "section:basic",
  Component: ({ settings, children }) => {
    const palette = useRootData()?.palette;
    const style = settings.background
      ? (sectionColours(settings.background, palette?.ink ?? "#a8520b") as CSSProperties)
      : undefined;
    return (
      <section className={sectionPadding[settings.padding]} style={style}>
        <div className={sectionWidth(settings.layout)}>
          <Stack>{children}</Stack>
        </div>
      </section>
    );
  },
});

export const containerSection = defineElement({
  key: "section:container",
  Component: ({ settings, children }) => (
    <section className={sectionPadding[settings.padding]}>
      <div className={sectionWidth(settings.layout)}>
        <Stack>{children}</Stack>
      </div>
    </section>
  ),
});

export const bannerSection = defineElement({
  key: "section:banner",
  Component: ({ settings, element, children }) => {
    const { headingLevel } = usePageContext();
    const Heading = headingTag(headingLevel(element.id));
    const titleId = useId();
    const withImage = Boolean(settings.image);
    return (
      <section
        aria-labelledby={titleId}
        className={clsx(
          "relative isolate flex min-h-[18rem] items-center overflow-hidden md:min-h-[24rem]",
          withImage ? "bg-slate-900 text-white" : "bg-accent-soft text-slate-950",
        )}
      >
        {settings.image ? (
          <>
            <img
              src={settings.image}
              alt={settings.image_alt}
              className="absolute inset-0 -z-20 size-full object-cover"
              decoding="async"
            />
            <div aria-hidden="true" className="absolute inset-0 -z-10 bg-slate-950/60" />
          </>
        ) : null}
        <div
          className={clsx(
            "mx-auto flex w-full max-w-7xl flex-col gap-4 px-4 py-14 sm:px-6 md:py-20",
            itemsAlign[settings.alignment],
            textAlign[settings.alignment],
          )}
        >
          <Heading
            id={titleId}
            className="max-w-4xl text-3xl font-bold tracking-tight text-balance break-words md:text-5xl"
          >
            {settings.title}
          </Heading>
          {settings.subtitle ? (
            <p
              className={clsx(
                "max-w-2xl text-lg break-words whitespace-pre-line md:text-xl",
                withImage ? "text-white" : "text-slate-700",
              )}
            >
              {settings.subtitle}
            </p>
          ) : null}
          {settings.button_label && settings.button_href ? (
            <ActionLink
              href={settings.button_href}
              label={settings.button_label}
              variant={withImage ? "white" : "primary"}
              className="mt-2"
            />
          ) : null}
          {children ? <div className="mt-4 w-full">{children}</div> : null}
        </div>
      </section>
    );
  },
});

export const headerSection = defineElement({
  key: "section:header",
  Component: ({ settings, element, children }) => {
    const { t } = useTranslation();
    const shell = useStorefrontShell();
    const { page, headingLevel } = usePageContext();
    const Heading = headingTag(headingLevel(element.id));
    const title = settings.title ?? page.title;
    const isHome = page.path === "/";
    return (
      <section className="border-b border-slate-200 bg-slate-50">
        <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 md:py-12">
          {settings.breadcrumb && shell && !isHome ? (
            <nav aria-label={t("sections.breadcrumb")} className="mb-4">
              <ol className="flex flex-wrap items-center gap-x-1.5 gap-y-1 text-sm text-slate-600">
                <li className="flex min-w-0 items-center">
                  <LocalizedLink
                    to="/"
                    className="rounded-sm font-medium break-words text-slate-700 underline-offset-4 hover:text-slate-950 hover:underline"
                  >
                    {shell.organiser.name}
                  </LocalizedLink>
                </li>
                <li className="flex min-w-0 items-center gap-1.5">
                  <ChevronRightIcon className="size-3.5 shrink-0 text-slate-500" />
                  <span aria-current="page" className="break-words text-slate-700">
                    {page.title}
                  </span>
                </li>
              </ol>
            </nav>
          ) : null}
          <Heading className="text-3xl font-bold tracking-tight text-balance break-words text-slate-950 md:text-4xl">
            {title}
          </Heading>
          {settings.subtitle ? (
            <p className="mt-3 max-w-3xl text-lg break-words whitespace-pre-line text-slate-700">
              {settings.subtitle}
            </p>
          ) : null}
          {children ? <div className="mt-6">{children}</div> : null}
        </div>
      </section>
    );
  },
});

export const splitHeroSection = defineElement({
  key: "section:split-hero",
  Component: ({ settings, element, children }) => {
    const { headingLevel } = usePageContext();
    const Heading = headingTag(headingLevel(element.id));
    const titleId = useId();
    const imageFirst = settings.origin === "left";
    const fullWidth = settings.layout === "full-width";
    return (
      <section aria-labelledby={titleId} className={clsx(!fullWidth && "py-8 md:py-12")}>
        <div
          className={clsx(
            "grid w-full items-stretch md:grid-cols-2",
            fullWidth ? "bg-accent-soft" : "mx-auto max-w-7xl gap-8 px-4 sm:px-6 md:gap-12",
          )}
        >
          <div
            className={clsx(
              "min-w-0",
              imageFirst ? "md:order-1" : "md:order-2",
              fullWidth ? "min-h-64" : "overflow-hidden rounded-2xl",
            )}
          >
            <img
              src={settings.image}
              alt={settings.image_alt}
              decoding="async"
              className={clsx(
                "block size-full object-cover",
                fullWidth ? "max-h-[36rem] min-h-64" : "aspect-[4/3] md:aspect-auto md:min-h-80",
              )}
            />
          </div>
          <div
            className={clsx(
              "flex min-w-0 flex-col justify-center gap-4",
              imageFirst ? "md:order-2" : "md:order-1",
              fullWidth && "px-4 py-10 sm:px-8 md:px-12 lg:px-16",
            )}
          >
            <p className="text-sm font-semibold tracking-wide break-words text-accent-ink uppercase">
              {settings.label}
            </p>
            <Heading
              id={titleId}
              className="text-3xl font-bold tracking-tight text-balance break-words text-slate-950 md:text-5xl"
            >
              {settings.title}
            </Heading>
            <p className="max-w-prose text-lg break-words whitespace-pre-line text-slate-700">
              {settings.description}
            </p>
            {settings.button_label && settings.button_href ? (
              <div>
                <ActionLink href={settings.button_href} label={settings.button_label} />
              </div>
            ) : null}
            {children ? <div className="mt-2">{children}</div> : null}
          </div>
        </div>
      </section>
    );
  },
});

// ---------------------------------------------------------------------------------------------
// Containers

export const basicContainer = defineElement({
  key: "container:basic",
  Component: ({ children }) => <div className="flex min-w-0 flex-col gap-4">{children}</div>,
});

const FLEX_DIRECTION: Record<FlexContainerSettings["direction"], string> = {
  row: "flex-row",
  column: "flex-col",
  "row-reverse": "flex-row-reverse",
  "column-reverse": "flex-col-reverse",
};

const FLEX_JUSTIFY: Record<FlexContainerSettings["justify"], string> = {
  start: "justify-start",
  center: "justify-center",
  end: "justify-end",
  between: "justify-between",
  around: "justify-around",
  evenly: "justify-evenly",
};

const FLEX_ALIGN: Record<FlexContainerSettings["align"], string> = {
  start: "items-start",
  center: "items-center",
  end: "items-end",
  stretch: "items-stretch",
  baseline: "items-baseline",
};

export const flexContainer = defineElement({
  key: "container:flex",
  Component: ({ settings, children }) => (
    <div
      className={clsx(
        "flex min-w-0",
        FLEX_DIRECTION[settings.direction],
        FLEX_JUSTIFY[settings.justify],
        FLEX_ALIGN[settings.align],
        settings.wrap ? "flex-wrap" : "flex-nowrap overflow-x-auto",
      )}
      style={{ gap: settings.gap }}
    >
      {children}
    </div>
  ),
});

/**
 * `columns` columns from 1024px, at most 2 from 601px, 1 on phones (spec: mobile up to 600px).
 * Shared by the grid container and the cards grids.
 */
export function gridColumnsStyle(columns: number): CSSProperties {
  return {
    "--cols-md": `repeat(${Math.min(columns, 2)}, minmax(0, 1fr))`,
    "--cols-lg": `repeat(${columns}, minmax(0, 1fr))`,
  } as CSSProperties;
}

export const gridColumnsClass =
  "grid grid-cols-1 min-[601px]:grid-cols-(--cols-md) lg:grid-cols-(--cols-lg)";

export const gridContainer = defineElement({
  key: "container:grid",
  Component: ({ settings, children }) => (
    <div
      className={clsx(gridColumnsClass, "min-w-0")}
      style={{ ...gridColumnsStyle(settings.columns), gap: settings.gap }}
    >
      {children}
    </div>
  ),
});

export const contentSections = [
  bannerSection,
  basicSection,
  containerSection,
  headerSection,
  splitHeroSection,
];

export const containers = [basicContainer, flexContainer, gridContainer];
