import type { LinkTargets, TextPage } from "@booking/contracts";
import { useTranslation } from "../../../i18n/react";
import { useConsole } from "../../../lib/admin/console";
import { TextField } from "../../ui/field";
import { SelectField } from "../fields";
import { FormPanel } from "../form-panel";
import { LogoField } from "../settings/logo-field";
import { ColourField } from "./colour-field";
import { FooterColumnsEditor } from "./footer-columns-editor";
import { HrefField } from "./href-field";
import type { LayoutState } from "./layout-state";
import { LinkTreeEditor } from "./link-tree-editor";
import type { FieldErrors } from "./use-website-save";

// The panels of the website's Layout tab, each editing its part of the form's state.

export interface PanelProps {
  state: LayoutState;
  set: <K extends keyof LayoutState>(key: K, value: LayoutState[K]) => void;
  errors: FieldErrors;
  targets: LinkTargets;
}

/** The props of a text input bound to a text of the state, with its error at `errorPath`. */
function textProps(state: LayoutState, set: PanelProps["set"], errors: FieldErrors) {
  return (key: keyof LayoutState & string, errorPath: string) => ({
    name: key,
    value: state[key] as string,
    onChange: (event: { target: { value: string } }) =>
      set(key, event.target.value as LayoutState[typeof key]),
    error: errors[errorPath],
  });
}

/** Contacts, announcement and colours of the top bar. */
export function TopbarPanel({ state, set, errors, targets }: PanelProps) {
  const { t } = useTranslation();
  const label = (key: string) => t(`admin.website_settings.layout.${key}`);
  const text = textProps(state, set, errors);
  return (
    <FormPanel title={label("topbar")} description={label("topbar_hint")}>
      <TextField
        label={label("email")}
        type="email"
        optional
        {...text("email", "topbar.email")}
        data-testid="topbar-email"
      />
      <TextField label={label("phone")} type="tel" optional {...text("phone", "topbar.phone")} />
      <TextField
        label={label("announcement")}
        optional
        maxLength={300}
        {...text("announcement", "topbar.announcement.text")}
        data-testid="topbar-announcement"
      />
      <HrefField
        label={label("announcement_href")}
        value={state.announcementHref}
        onChange={(value) => set("announcementHref", value)}
        targets={targets}
        error={errors["topbar.announcement.href"]}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <ColourField
          label={label("text_color")}
          value={state.textColor}
          onChange={(value) => set("textColor", value)}
          error={errors["topbar.text_color"]}
        />
        <ColourField
          label={label("background_color")}
          value={state.backgroundColor}
          onChange={(value) => set("backgroundColor", value)}
          error={errors["topbar.background_color"]}
          testId="topbar-background"
        />
      </div>
    </FormPanel>
  );
}

/** Logo and menu positions, sticky header, and the organiser's logo (saved apart). */
export function HeaderPanel({ state, set, logoUrl }: PanelProps & { logoUrl: string | null }) {
  const { t } = useTranslation();
  const label = (key: string) => t(`admin.website_settings.layout.${key}`);
  const { can } = useConsole();
  return (
    <FormPanel title={label("header")} description={label("header_hint")}>
      <SelectField
        label={label("logo_position")}
        name="logo_position"
        value={state.header.logo_position}
        onChange={(event) =>
          set("header", {
            ...state.header,
            logo_position: event.target.value as "left" | "center",
          })
        }
        options={["left", "center"].map((value) => ({
          value,
          label: label(`positions.${value}`),
        }))}
        data-testid="logo-position"
      />
      <SelectField
        label={label("links_position")}
        name="links_position"
        value={state.header.links_position}
        onChange={(event) =>
          set("header", {
            ...state.header,
            links_position: event.target.value as "left" | "center" | "right",
          })
        }
        options={["left", "center", "right"].map((value) => ({
          value,
          label: label(`positions.${value}`),
        }))}
      />
      <label className="flex items-start gap-2 text-sm text-slate-800">
        <input
          type="checkbox"
          className="mt-0.5 size-4"
          checked={state.header.sticky}
          onChange={(event) => set("header", { ...state.header, sticky: event.target.checked })}
        />
        <span>
          <span className="font-medium">{label("sticky")}</span>
          <span className="block text-slate-600">{label("sticky_hint")}</span>
        </span>
      </label>
      {/* The organiser's logo (account settings), saved apart from this form. */}
      <LogoField url={logoUrl} editable={can("organiser.account.update")} />
    </FormPanel>
  );
}

/** Brand, quote, link columns, legal links and the call to action. */
export function FooterPanel({ state, set, errors, targets }: PanelProps) {
  const { t } = useTranslation();
  const label = (key: string) => t(`admin.website_settings.layout.${key}`);
  const text = textProps(state, set, errors);
  return (
    <div className="lg:col-span-2">
      <FormPanel title={label("footer")} description={label("footer_hint")}>
        <div className="grid gap-3 md:grid-cols-2">
          <TextField
            label={label("brand")}
            optional
            maxLength={100}
            {...text("brand", "footer.brand")}
          />
          <TextField
            label={label("quote")}
            optional
            maxLength={300}
            {...text("quote", "footer.quote")}
          />
        </div>
        <FooterColumnsEditor
          columns={state.columns}
          onChange={(columns) => set("columns", columns)}
          targets={targets}
          errors={errors}
        />
        <h3 className="mt-2 text-sm font-semibold text-slate-900">{label("legal_links")}</h3>
        <LinkTreeEditor
          links={state.legalLinks}
          onChange={(links) => set("legalLinks", links)}
          maxDepth={1}
          targets={targets}
          errors={errors}
          errorPath="footer.legal_links"
          label={label("legal_links")}
          testId="legal-links"
        />
        <div className="mt-2 grid gap-3 md:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
          <TextField
            label={label("cta_text")}
            optional
            maxLength={200}
            {...text("ctaText", "footer.call_to_action.text")}
          />
          <HrefField
            label={label("cta_href")}
            value={state.ctaHref}
            onChange={(value) => set("ctaHref", value)}
            targets={targets}
            error={errors["footer.call_to_action.href"]}
          />
        </div>
      </FormPanel>
    </div>
  );
}

/** The default texts' keys of each page whose texts the organiser may replace. */
const DEFAULT_TEXTS: Record<TextPage, string> = {
  register: "register",
  newsletter_unsubscribe: "newsletter_unsubscribe",
};

/**
 * A page's own title and subtitle (the register page, the newsletter-unsubscribe page); blank:
 * the default texts, shown as placeholders.
 */
export function PageTextsPanel({
  page,
  state,
  set,
  errors,
}: Omit<PanelProps, "targets"> & { page: TextPage }) {
  const { t } = useTranslation();
  const label = (key: string) => t(`admin.website_settings.layout.${page}${key}`);
  const texts = state.pageTexts[page];
  const field = (key: "title" | "subtitle") => ({
    name: `${page}.${key}`,
    value: texts[key],
    onChange: (event: { target: { value: string } }) =>
      set("pageTexts", { ...state.pageTexts, [page]: { ...texts, [key]: event.target.value } }),
    error: errors[`${page}.${key}`],
    placeholder: t(`${DEFAULT_TEXTS[page]}.${key}`),
    "data-testid": `${page}-${key}`,
  });
  return (
    <FormPanel title={label("")} description={label("_hint")}>
      <TextField label={label("_title")} optional maxLength={100} {...field("title")} />
      <TextField label={label("_subtitle")} optional maxLength={300} {...field("subtitle")} />
    </FormPanel>
  );
}
