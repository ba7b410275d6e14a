import { clsx } from "clsx";
import { useTranslation } from "../../../i18n/react";
import type { LayoutState } from "./layout-state";

const HEX = /^#[0-9a-fA-F]{6}$/;

/**
 * A sketch of the storefront's top bar and header as the form stands: colours, texts, logo and
 * links positions (the navigation's own links are edited on their tab).
 */
export function LayoutPreview({
  state,
  organiser,
}: {
  state: LayoutState;
  organiser: { name: string | null; logo: string | null };
}) {
  const { t } = useTranslation();
  const label = (key: string) => t(`admin.website_settings.layout.${key}`);
  const { logo_position: logoPosition, links_position: linksPosition } = state.header;
  const links = (
    <span className="flex gap-3 text-xs text-slate-700" aria-hidden="true">
      <span>{label("preview_link")} 1</span>
      <span>{label("preview_link")} 2</span>
      <span>{label("preview_link")} 3</span>
    </span>
  );
  const logo = organiser.logo ? (
    <img src={organiser.logo} alt="" className="h-7 w-auto max-w-28 object-contain" />
  ) : (
    <span className="text-sm font-bold text-slate-950">
      {organiser.name || label("preview_logo")}
    </span>
  );
  return (
    <figure
      className="overflow-hidden rounded-xl border border-slate-200"
      data-testid="layout-preview"
    >
      <figcaption className="sr-only">{label("preview")}</figcaption>
      <div
        className="flex flex-wrap items-center justify-between gap-2 px-4 py-2 text-xs"
        style={{
          color: HEX.test(state.textColor) ? state.textColor : undefined,
          backgroundColor: HEX.test(state.backgroundColor) ? state.backgroundColor : undefined,
        }}
        data-testid="topbar-preview"
      >
        <span className="flex gap-3">
          {state.email ? <span>{state.email}</span> : null}
          {state.phone ? <span>{state.phone}</span> : null}
        </span>
        {state.announcement ? (
          <span className={clsx("font-medium", state.announcementHref && "underline")}>
            {state.announcement}
          </span>
        ) : null}
        <span>{label("preview_account")}</span>
      </div>
      <div className="border-b border-slate-200 bg-white px-4 py-3">
        {logoPosition === "center" ? (
          <div className="grid grid-cols-[1fr_auto_1fr] items-center gap-3">
            <span>{linksPosition === "left" ? links : null}</span>
            {logo}
            <span className="flex justify-end">{linksPosition === "right" ? links : null}</span>
            {linksPosition === "center" ? (
              <span className="col-span-3 flex justify-center">{links}</span>
            ) : null}
          </div>
        ) : (
          <div className="flex items-center gap-4">
            {logo}
            <span
              className={clsx(
                "flex flex-1",
                linksPosition === "center" && "justify-center",
                linksPosition === "right" && "justify-end",
              )}
            >
              {links}
            </span>
          </div>
        )}
      </div>
    </figure>
  );
}
