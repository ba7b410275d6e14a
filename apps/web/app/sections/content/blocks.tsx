import { findCurrentTab, IFRAME_SANDBOX } from "@booking/contracts/page-elements/render-rules";
import { sanitizeHtml } from "@booking/domain/html";
import { clsx } from "clsx";
import { type CSSProperties, useId, useMemo } from "react";
import { useLocation } from "react-router";
import { ChevronDownIcon } from "../../components/icons";
import { LocalizedLink } from "../../components/localized-link";
import { useTranslation } from "../../i18n/react";
import { localizeHref, stripLanguage } from "../../lib/links";
import { useLanguage } from "../../lib/root-data";
import { headingTag, usePageContext } from "../render";
import { defineElement } from "../types";
import { ActionLink } from "./action-link";
import { FeatureIconGlyph } from "./feature-icons";
import { focusRing, itemsAlign, textAlign } from "./shared";

// ---------------------------------------------------------------------------------------------
// Alert

const ALERT_STYLES = {
  blue: { box: "border-sky-300 bg-sky-50 text-sky-950", bar: "bg-sky-600" },
  red: { box: "border-red-300 bg-red-50 text-red-950", bar: "bg-red-600" },
  yellow: { box: "border-amber-300 bg-amber-50 text-amber-950", bar: "bg-amber-500" },
  green: { box: "border-emerald-300 bg-emerald-50 text-emerald-950", bar: "bg-emerald-600" },
} as const;

export const alertBlock = defineElement({
  key: "block:alert",
  Component: ({ settings }) => {
    const style = ALERT_STYLES[settings.variant];
    return (
      <div
        className={clsx(
          "relative flex w-full min-w-0 overflow-hidden rounded-xl border py-3 pr-4 pl-5",
          style.box,
        )}
        data-variant={settings.variant}
      >
        <span aria-hidden="true" className={clsx("absolute inset-y-0 left-0 w-1.5", style.bar)} />
        <div className="min-w-0 break-words">
          {settings.title ? <p className="font-semibold">{settings.title}</p> : null}
          <p className={clsx("whitespace-pre-line", settings.title && "mt-1")}>{settings.text}</p>
        </div>
      </div>
    );
  },
});

// ---------------------------------------------------------------------------------------------
// Button

export const buttonBlock = defineElement({
  key: "block:button",
  Component: ({ settings }) => (
    <ActionLink
      href={settings.href}
      label={settings.label}
      variant={settings.variant}
      newTab={settings.new_tab}
    />
  ),
});

// ---------------------------------------------------------------------------------------------
// FAQ: native <details>, keyboard- and screen-reader-friendly without script.

export const faqBlock = defineElement({
  key: "block:faq",
  Component: ({ settings }) => (
    <div className="w-full min-w-0 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
      {settings.items.map((item, index) => (
        <details
          // biome-ignore lint/suspicious/noArrayIndexKey: items have no id and never reorder
          key={index}
          className="group"
        >
          <summary
            className={clsx(
              "flex min-h-12 cursor-pointer list-none items-center justify-between gap-4 rounded-xl px-4 py-3 text-left font-semibold text-slate-950 hover:bg-slate-50 [&::-webkit-details-marker]:hidden",
              focusRing,
            )}
          >
            <span className="min-w-0 break-words">{item.question}</span>
            <ChevronDownIcon className="size-5 shrink-0 text-slate-600 transition-transform group-open:rotate-180" />
          </summary>
          <div className="px-4 pb-4 break-words whitespace-pre-line text-slate-700">
            {item.answer}
          </div>
        </details>
      ))}
    </div>
  ),
});

// ---------------------------------------------------------------------------------------------
// Feature highlight

export const featureHighlightBlock = defineElement({
  key: "block:feature-highlight",
  Component: ({ settings, element }) => {
    const { headingLevel } = usePageContext();
    const Heading = headingTag(headingLevel(element.id, 3));
    return (
      <div
        className={clsx(
          "flex w-full min-w-0 flex-col gap-3",
          itemsAlign[settings.alignment],
          textAlign[settings.alignment],
        )}
      >
        {settings.icon ? (
          <span className="inline-flex size-12 items-center justify-center rounded-full bg-accent-soft text-accent-ink">
            <FeatureIconGlyph icon={settings.icon} className="size-6" />
          </span>
        ) : null}
        <Heading className="text-lg font-semibold text-balance break-words">
          {settings.title}
        </Heading>
        {settings.text ? (
          <p className="max-w-prose break-words whitespace-pre-line opacity-85">{settings.text}</p>
        ) : null}
      </div>
    );
  },
});

// ---------------------------------------------------------------------------------------------
// Heading

export const headingBlock = defineElement({
  key: "block:heading",
  Component: ({ settings }) => {
    const Heading = headingTag(settings.level);
    const style: CSSProperties = {
      fontSize: settings.font_size,
      fontWeight: settings.font_weight,
      color: settings.color,
    };
    return (
      <Heading
        className={clsx(
          "w-full min-w-0 leading-tight text-balance break-words",
          textAlign[settings.alignment],
        )}
        style={style}
      >
        {settings.text}
      </Heading>
    );
  },
});

// ---------------------------------------------------------------------------------------------
// Iframe: https only (schema), fixed sandbox (spec §9), lazy.

export const iframeBlock = defineElement({
  key: "block:iframe",
  Component: ({ settings }) => (
    <div className="max-w-full min-w-0" style={{ width: settings.width }}>
      <iframe
        src={settings.src}
        title={settings.title}
        sandbox={IFRAME_SANDBOX}
        loading="lazy"
        referrerPolicy="strict-origin-when-cross-origin"
        className="block w-full rounded-xl border-0 bg-slate-100"
        style={{ aspectRatio: settings.aspect_ratio === "auto" ? "16 / 9" : settings.aspect_ratio }}
      />
    </div>
  ),
});

// ---------------------------------------------------------------------------------------------
// Image

export const imageBlock = defineElement({
  key: "block:image",
  Component: ({ settings }) => {
    const { t } = useTranslation();
    const fixedRatio = settings.aspect_ratio !== "auto";
    const image = (
      <img
        src={settings.src}
        alt={settings.alt}
        loading="lazy"
        decoding="async"
        className={clsx("block h-auto w-full max-w-full rounded-xl", fixedRatio && "object-cover")}
        style={fixedRatio ? { aspectRatio: settings.aspect_ratio } : undefined}
      />
    );
    if (!settings.href) return <div className="w-full min-w-0">{image}</div>;
    return (
      <LocalizedLink
        to={settings.href}
        className={clsx("block w-full min-w-0 rounded-xl", focusRing)}
        // A decorative image still needs a name once it is a link.
        aria-label={settings.alt ? undefined : t("sections.image.link")}
      >
        {image}
      </LocalizedLink>
    );
  },
});

// ---------------------------------------------------------------------------------------------
// Paragraph: plain text, line breaks kept.

export const paragraphBlock = defineElement({
  key: "block:paragraph",
  Component: ({ settings }) => (
    <p
      className={clsx(
        "w-full min-w-0 leading-relaxed break-words whitespace-pre-line",
        textAlign[settings.alignment],
      )}
      style={{
        fontSize: settings.font_size,
        fontWeight: settings.font_weight,
        ...(settings.color ? { color: settings.color } : {}),
      }}
    >
      {settings.text}
    </p>
  ),
});

// ---------------------------------------------------------------------------------------------
// Rich text: organiser HTML through the allow-list sanitiser, on the server and in the browser.

// Lines stop at a reading width (about 80 characters) however wide the section.
const richTextClasses = clsx(
  "w-full min-w-0 max-w-3xl leading-relaxed break-words",
  "[&_p]:my-3 [&>:first-child]:mt-0 [&>:last-child]:mb-0",
  "[&_h2]:mt-8 [&_h2]:mb-3 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:tracking-tight",
  "[&_h3]:mt-6 [&_h3]:mb-2 [&_h3]:text-xl [&_h3]:font-semibold",
  "[&_h4]:mt-5 [&_h4]:mb-2 [&_h4]:text-lg [&_h4]:font-semibold",
  "[&_ul]:my-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:my-1",
  "[&_a]:font-medium [&_a]:text-accent-ink [&_a]:underline [&_a]:underline-offset-4",
  "[&_blockquote]:my-4 [&_blockquote]:border-l-4 [&_blockquote]:border-slate-300 [&_blockquote]:pl-4 [&_blockquote]:italic",
  "[&_table]:my-4 [&_table]:block [&_table]:w-full [&_table]:overflow-x-auto [&_table]:border-collapse",
  "[&_td]:border [&_td]:border-slate-300 [&_td]:px-3 [&_td]:py-2 [&_td]:align-top",
  "[&_th]:border [&_th]:border-slate-300 [&_th]:bg-slate-50 [&_th]:px-3 [&_th]:py-2 [&_th]:text-left [&_th]:font-semibold",
);

export const richTextBlock = defineElement({
  key: "block:rich-text",
  Component: ({ settings }) => {
    const language = useLanguage();
    const html = useMemo(
      () => sanitizeHtml(settings.html, { mapHref: (href) => localizeHref(href, language) }),
      [settings.html, language],
    );
    if (!html) return null;
    // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the allow-list above
    return <div className={richTextClasses} dangerouslySetInnerHTML={{ __html: html }} />;
  },
});

// ---------------------------------------------------------------------------------------------
// Tabs: links; the current one matches the path and query (language prefix ignored).

export const tabsBlock = defineElement({
  key: "block:tabs",
  Component: ({ settings }) => {
    const { t } = useTranslation();
    const location = useLocation();
    const labelId = useId();
    const current = findCurrentTab(settings.items, {
      pathname: stripLanguage(location.pathname),
      search: location.search,
    });
    return (
      <nav aria-labelledby={labelId} className="w-full min-w-0">
        <span id={labelId} className="sr-only">
          {t("sections.tabs.label")}
        </span>
        <ul className="flex gap-1 overflow-x-auto border-b border-slate-200 pb-px">
          {settings.items.map((item, index) => {
            const active = index === current;
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: tabs have no id and never reorder
              <li key={index} className="shrink-0">
                <LocalizedLink
                  to={item.href}
                  aria-current={active ? "page" : undefined}
                  className={clsx(
                    "-mb-px inline-flex min-h-11 items-center border-b-2 px-4 py-2 text-sm font-semibold whitespace-nowrap",
                    focusRing,
                    active
                      ? "border-accent-ink text-accent-ink"
                      : "border-transparent text-slate-700 hover:border-slate-300 hover:text-slate-950",
                  )}
                >
                  {item.label}
                </LocalizedLink>
              </li>
            );
          })}
        </ul>
      </nav>
    );
  },
});

export const contentBlocks = [
  alertBlock,
  buttonBlock,
  faqBlock,
  featureHighlightBlock,
  headingBlock,
  iframeBlock,
  imageBlock,
  paragraphBlock,
  richTextBlock,
  tabsBlock,
];
