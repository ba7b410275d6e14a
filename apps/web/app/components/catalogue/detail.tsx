import { clsx } from "clsx";
import { type ReactNode, useId } from "react";
import { useLocation } from "react-router";
import { useTranslation } from "../../i18n/react";
import { withRedirect } from "../../lib/links";
import { useRootData } from "../../lib/root-data";
import { textLinkClass } from "../auth-card";
import { ChevronRightIcon, LockIcon } from "../icons";
import { LocalizedLink } from "../localized-link";
import { ButtonLink } from "../ui/button";
import { ExpandableText } from "../ui/expandable-text";

export { JsonLd } from "./json-ld";

/** The frame of a detail page: breadcrumb, header, then the content beside a side panel. */
export function DetailPage({
  breadcrumb,
  header,
  children,
  side,
  after,
}: {
  breadcrumb: ReactNode;
  header: ReactNode;
  children: ReactNode;
  side: ReactNode;
  /** full-width content below the two columns */
  after?: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 md:py-12">
      {breadcrumb}
      <div className="mt-6">{header}</div>
      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(18rem,24rem)] lg:items-start lg:gap-12">
        {/* The side panel (price, booking) comes first on phones, in the right column on desktop. */}
        <div className="min-w-0 lg:sticky lg:top-24 lg:col-start-2 lg:row-start-1">{side}</div>
        <div className="flex min-w-0 flex-col gap-8 lg:col-start-1 lg:row-start-1">{children}</div>
      </div>
      {after}
    </div>
  );
}

export interface Crumb {
  label: string;
  to?: string;
}

/**
 * Organiser name (home page) → catalogue page → … The last crumb is the current page unless it
 * links somewhere (the availability page ends on its activity).
 */
export function Breadcrumb({
  organiser,
  catalogue,
  items,
}: {
  organiser: string;
  catalogue: { path: string; title: string } | null;
  items: Crumb[];
}) {
  const { t } = useTranslation();
  const crumbs: Array<Crumb & { key: string }> = [
    { key: "home", label: organiser, to: "/" },
    ...(catalogue ? [{ key: "catalogue", label: catalogue.title, to: catalogue.path }] : []),
    ...items.map((item, index) => ({ ...item, key: `item-${index}` })),
  ];
  return (
    <nav aria-label={t("catalogue.breadcrumb")} data-testid="breadcrumb">
      <ol className="flex flex-wrap items-center gap-x-1.5 gap-y-1 text-sm text-slate-600">
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          return (
            <li key={crumb.key} className="flex min-w-0 items-center gap-1.5">
              {index > 0 ? <ChevronRightIcon className="size-3.5 shrink-0 text-slate-500" /> : null}
              {crumb.to ? (
                <LocalizedLink
                  to={crumb.to}
                  className="line-clamp-2 rounded-sm font-medium break-words text-slate-700 underline-offset-4 hover:text-slate-950 hover:underline"
                >
                  {crumb.label}
                </LocalizedLink>
              ) : (
                <span
                  aria-current={last ? "page" : undefined}
                  className="line-clamp-2 break-words text-slate-600"
                >
                  {crumb.label}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** The page's only h1; very long titles wrap instead of overflowing. */
export function DetailTitle({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <h1
      data-testid={testId}
      className="max-w-4xl text-3xl font-bold tracking-tight text-balance break-words text-slate-950 md:text-4xl"
    >
      {children}
    </h1>
  );
}

/** Label and value pairs shown under a title (price, deposit…). */
export function Facts({ items, className }: { items: Array<Fact | null>; className?: string }) {
  const shown = items.filter((item) => item !== null);
  if (shown.length === 0) return null;
  return (
    <dl className={clsx("flex flex-wrap gap-x-8 gap-y-3", className)}>
      {shown.map((item) => (
        <div key={item.key} className="flex flex-col">
          <dt className="text-sm font-medium text-slate-600">{item.label}</dt>
          <dd data-testid={item.testId} className="text-2xl font-bold text-slate-950">
            {item.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export interface ImageData {
  url: string;
  alt: string;
}

/** A large image at a fixed ratio (no layout shift while it loads). */
export function MainImage({ image, className }: { image: ImageData; className?: string }) {
  return (
    <img
      src={image.url}
      alt={image.alt}
      className={clsx(
        "aspect-[16/9] w-full rounded-2xl bg-slate-100 object-cover shadow-sm",
        className,
      )}
      decoding="async"
    />
  );
}

/** The first image large, the others as a row of thumbnails. */
export function Gallery({ images }: { images: ImageData[] }) {
  const [first, ...others] = images;
  if (!first) return null;
  return (
    <div className="flex flex-col gap-3">
      <MainImage image={first} />
      {others.length > 0 ? (
        <ul className="grid grid-cols-3 gap-3 sm:grid-cols-4">
          {others.map((image) => (
            <li key={image.url}>
              <img
                src={image.url}
                alt={image.alt}
                loading="lazy"
                decoding="async"
                className="aspect-[4/3] w-full rounded-lg bg-slate-100 object-cover"
              />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export interface Property {
  key: string;
  label: string;
  content: ReactNode;
  testId?: string;
}

/** The properties of an item as a description list: label on the left, content on the right. */
export function PropertyList({ properties }: { properties: Array<Property | null> }) {
  const shown = properties.filter((property) => property !== null);
  if (shown.length === 0) return null;
  return (
    <dl className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
      {shown.map((property) => (
        <div
          key={property.key}
          data-testid={property.testId}
          className="grid gap-1 px-5 py-4 sm:grid-cols-[12rem_minmax(0,1fr)] sm:gap-6"
        >
          <dt className="text-sm font-semibold text-slate-700">{property.label}</dt>
          <dd className="min-w-0 text-base break-words text-slate-900">{property.content}</dd>
        </div>
      ))}
    </dl>
  );
}

export const richTextClasses = clsx(
  "min-w-0 text-base leading-relaxed text-pretty break-words text-slate-800",
  "[&>:first-child]:mt-0 [&>:last-child]:mb-0 [&_p]:my-3",
  "[&_h2]:mt-6 [&_h2]:mb-2 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-slate-950",
  "[&_h3]:mt-5 [&_h3]:mb-2 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-slate-950",
  "[&_h4]:mt-4 [&_h4]:mb-2 [&_h4]:font-semibold [&_h4]:text-slate-950",
  "[&_ul]:my-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:my-1",
  "[&_a]:font-medium [&_a]:text-accent-ink [&_a]:underline [&_a]:underline-offset-4",
  "[&_blockquote]:my-4 [&_blockquote]:border-l-4 [&_blockquote]:border-slate-300 [&_blockquote]:pl-4 [&_blockquote]:italic",
  "[&_table]:my-4 [&_table]:w-full [&_table]:border-collapse [&_table]:text-sm",
  "[&_td]:border [&_td]:border-slate-300 [&_td]:px-3 [&_td]:py-2 [&_td]:align-top",
  "[&_th]:border [&_th]:border-slate-300 [&_th]:bg-slate-50 [&_th]:px-3 [&_th]:py-2 [&_th]:text-left [&_th]:font-semibold",
);

/**
 * A description as HTML, already sanitised by the loader with the domain's allow-list
 * (`descriptionHtml` in lib/catalogue-data.ts): only formatting tags and checked links remain.
 */
/** A rich-text description, on its first 3 lines until "Read more" (the expandable text). */
export function Description({ html }: { html: string }) {
  if (!html) return null;
  return (
    <ExpandableText testId="description">
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server by sanitizeHtml */}
      <div className={richTextClasses} dangerouslySetInnerHTML={{ __html: html }} />
    </ExpandableText>
  );
}

/** A titled box of the side column (a region landmark named by its heading). */
export function SidePanel({
  title,
  children,
  testId,
  tone = "default",
}: {
  title: string;
  children: ReactNode;
  testId?: string;
  tone?: "default" | "notice";
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      data-testid={testId}
      className={clsx(
        "rounded-2xl border p-5 shadow-sm sm:p-6",
        tone === "notice" ? "border-amber-300 bg-amber-50" : "border-slate-200 bg-white",
      )}
    >
      <h2 id={id} className="text-lg font-semibold break-words text-slate-950">
        {title}
      </h2>
      <div className="mt-3 flex flex-col gap-4 text-sm text-slate-700">{children}</div>
    </section>
  );
}

/**
 * What an anonymous visitor sees instead of any add form (spec §2): a button to the login page
 * that brings them back here, path and query included.
 */
export function LoginPrompt() {
  const { t } = useTranslation();
  const location = useLocation();
  const back = `${location.pathname}${location.search}`;
  return (
    <SidePanel title={t("catalogue.login_prompt.title")} testId="login-prompt">
      <p className="flex gap-3 text-base text-slate-700">
        <LockIcon className="mt-0.5 size-5 shrink-0 text-accent-ink" />
        <span>{t("catalogue.login_prompt.body")}</span>
      </p>
      <ButtonLink to={withRedirect("/auth/login", back)} size="lg" className="w-full">
        {t("catalogue.login_prompt.action")}
      </ButtonLink>
      <p className="text-center">
        {t("catalogue.login_prompt.no_account")}{" "}
        <LocalizedLink to={withRedirect("/auth/register", back)} className={textLinkClass}>
          {t("catalogue.login_prompt.register")}
        </LocalizedLink>
      </p>
    </SidePanel>
  );
}

/**
 * A customer's side of a bundle, membership or voucher page until the add-to-cart forms arrive:
 * the price and how to buy now (the organiser's contacts), no button that would do nothing.
 */
export function PurchasePanel({
  price,
  contacts,
}: {
  price: string;
  contacts: { email: string | null; phone: string | null };
}) {
  const { t } = useTranslation();
  const data = useRootData();
  const organiser = data?.kind === "storefront" ? data.shell.organiser.name : "";
  return (
    <SidePanel title={t("catalogue.purchase.title")} testId="purchase-panel">
      <p className="flex items-baseline justify-between gap-4">
        <span className="font-medium">{t("catalogue.price")}</span>
        <span className="text-xl font-bold text-slate-950">{price}</span>
      </p>
      <p>{t("catalogue.purchase.body", { name: organiser })}</p>
      <ContactLinks contacts={contacts} />
    </SidePanel>
  );
}

export function ContactLinks({
  contacts,
  subject,
}: {
  contacts: { email: string | null; phone: string | null };
  subject?: string;
}) {
  const { t } = useTranslation();
  if (!contacts.email && !contacts.phone) return null;
  return (
    <ul className="flex flex-col gap-1">
      {contacts.email ? (
        <li>
          <a
            className={clsx(textLinkClass, "break-all")}
            href={`mailto:${contacts.email}${subject ? `?subject=${encodeURIComponent(subject)}` : ""}`}
          >
            {t("catalogue.contact.email", { email: contacts.email })}
          </a>
        </li>
      ) : null}
      {contacts.phone ? (
        <li>
          <a className={textLinkClass} href={`tel:${contacts.phone.replace(/[^\d+]/g, "")}`}>
            {t("catalogue.contact.phone", { phone: contacts.phone })}
          </a>
        </li>
      ) : null}
    </ul>
  );
}

/** The description of a detail page under its visible "Description" heading. */
export function DescriptionSection({ id, html }: { id: string; html: string }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-xl font-semibold text-slate-950">
        {t("catalogue.description")}
      </h2>
      <div className="mt-3">
        <Description html={html} />
      </div>
    </section>
  );
}

export type Fact = { label: string; value: ReactNode; testId?: string; key: string };
