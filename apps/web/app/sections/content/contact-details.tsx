import type { ContactDetail, StorefrontOrganiser } from "@booking/contracts";
import { addressLines, mapSearchUrl } from "@booking/domain/address";
import type { ReactNode } from "react";
import { ExternalLinkIcon, MailIcon, MapPinIcon, PhoneIcon } from "../../components/icons";
import { useTranslation } from "../../i18n/react";
import { useLanguage } from "../../lib/root-data";
import { headingTag, usePageContext } from "../render";
import { defineElement } from "../types";
import { focusRing } from "./shared";

/** The organiser's contact details as stored in its account settings, read at render time. */
export interface ContactData {
  name: string;
  email: string | null;
  phone: string | null;
  address: StorefrontOrganiser["address"];
}

/** The country's name in the page language ("Belgique", "Belgium"), or the code as stored. */
function countryName(code: string | null, language: string): string | null {
  if (!code) return null;
  try {
    return new Intl.DisplayNames([language], { type: "region" }).of(code) ?? code;
  } catch {
    return code;
  }
}

const linkClass = `break-words text-accent-ink underline underline-offset-4 ${focusRing}`;

/** One term of the list: the icon sits in the term, so the group holds only dt and dd. */
function Detail({
  icon,
  label,
  children,
}: {
  icon: ReactNode;
  label: string;
  children: ReactNode;
}) {
  return (
    <div className="relative min-h-9 pl-12">
      <dt className="text-sm font-semibold text-slate-600">
        <span
          aria-hidden="true"
          className="absolute top-0 left-0 inline-flex size-9 items-center justify-center rounded-full bg-accent-soft text-accent-ink"
        >
          {icon}
        </span>
        {label}
      </dt>
      <dd className="mt-0.5 min-w-0 text-slate-900">{children}</dd>
    </div>
  );
}

/**
 * The organiser's address, a map search link for it, e-mail and phone (the settings choose which
 * and in what order). A detail the organiser has not filled in is left out.
 */
export const contactDetailsBlock = defineElement<"block:contact-details", ContactData>({
  key: "block:contact-details",
  Component: ({ settings, data, element }) => {
    const { t } = useTranslation();
    const language = useLanguage();
    const { headingLevel } = usePageContext();
    const Heading = headingTag(headingLevel(element.id, 2));
    const country = countryName(data.address.country, language);
    const lines = addressLines(data.address);
    const map = mapSearchUrl(data.address, settings.map_provider, country ?? undefined);

    const render: Record<ContactDetail, () => ReactNode> = {
      address: () =>
        lines.length > 0 ? (
          <Detail
            key="address"
            icon={<MapPinIcon className="size-5" />}
            label={t("sections.contact_details.address")}
          >
            <address className="not-italic">
              <span className="block font-medium">{data.name}</span>
              {[...lines, country].filter(Boolean).map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
            </address>
          </Detail>
        ) : null,
      map: () =>
        map ? (
          <Detail
            key="map"
            icon={<ExternalLinkIcon className="size-5" />}
            label={t("sections.contact_details.map")}
          >
            <a className={linkClass} href={map} target="_blank" rel="noopener noreferrer">
              {t(`sections.contact_details.map_link.${settings.map_provider}`)}
              <span className="sr-only"> {t("sections.new_tab")}</span>
            </a>
          </Detail>
        ) : null,
      email: () =>
        data.email ? (
          <Detail
            key="email"
            icon={<MailIcon className="size-5" />}
            label={t("sections.contact_details.email")}
          >
            <a className={linkClass} href={`mailto:${data.email}`}>
              {data.email}
            </a>
          </Detail>
        ) : null,
      phone: () =>
        data.phone ? (
          <Detail
            key="phone"
            icon={<PhoneIcon className="size-5" />}
            label={t("sections.contact_details.phone")}
          >
            <a className={linkClass} href={`tel:${data.phone.replace(/[^\d+]/g, "")}`}>
              {data.phone}
            </a>
          </Detail>
        ) : null,
    };
    const details = settings.details.map((detail) => render[detail]()).filter(Boolean);

    return (
      <div className="w-full min-w-0 rounded-xl border border-slate-200 bg-white p-5 sm:p-6">
        {settings.title ? (
          <Heading className="mb-4 text-xl font-semibold text-balance break-words text-slate-950">
            {settings.title}
          </Heading>
        ) : null}
        {details.length > 0 ? (
          <dl className="flex flex-col gap-5">{details}</dl>
        ) : (
          <p className="text-slate-700">{t("sections.contact_details.none")}</p>
        )}
      </div>
    );
  },
});
