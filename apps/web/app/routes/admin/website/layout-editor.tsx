import type { NavigationLink, WebsiteSettingsView } from "@booking/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { SelectField } from "../../../components/admin/fields";
import { FormPanel } from "../../../components/admin/form-panel";
import { LogoField } from "../../../components/admin/settings/logo-field";
import { SettingsForm } from "../../../components/admin/settings/settings-form";
import { ColourField } from "../../../components/admin/website-settings/colour-field";
import { FooterColumnsEditor } from "../../../components/admin/website-settings/footer-columns-editor";
import { HrefField } from "../../../components/admin/website-settings/href-field";
import { LayoutPreview } from "../../../components/admin/website-settings/layout-preview";
import { LinkTreeEditor } from "../../../components/admin/website-settings/link-tree-editor";
import { useWebsiteSave } from "../../../components/admin/website-settings/use-website-save";
import { TextField } from "../../../components/ui/field";
import { useConsole } from "../../../lib/admin/console";
import { adminGet, requirePermission } from "../../../lib/admin/loaders";
import type { Route } from "./+types/layout-editor";

export async function loader(args: Route.LoaderArgs) {
  requirePermission(args, "website.website.read");
  return { website: await adminGet<WebsiteSettingsView>(args, "/api/admin/website") };
}

export default function WebsiteLayoutEditor({ loaderData }: Route.ComponentProps) {
  const { website } = loaderData;
  // A save reloads the settings: the form starts again from them as stored.
  const saved = [website.topbar, website.header, website.footer, website.register];
  return <LayoutForm key={JSON.stringify(saved)} website={website} />;
}

/** The form's state: texts as typed (blank for none), turned into the PATCH body on save. */
function initialState(website: WebsiteSettingsView) {
  const { topbar, footer, register } = website;
  return {
    email: topbar.email ?? "",
    phone: topbar.phone ?? "",
    announcement: topbar.announcement?.text ?? "",
    announcementHref: topbar.announcement?.href ?? "",
    textColor: topbar.text_color.toUpperCase(),
    backgroundColor: topbar.background_color.toUpperCase(),
    header: website.header,
    brand: footer.brand ?? "",
    quote: footer.quote ?? "",
    columns: footer.columns,
    legalLinks: footer.legal_links as NavigationLink[],
    ctaText: footer.call_to_action?.text ?? "",
    ctaHref: footer.call_to_action?.href ?? "",
    registerTitle: register.title ?? "",
    registerSubtitle: register.subtitle ?? "",
  };
}
export type LayoutState = ReturnType<typeof initialState>;

function bodyOf(state: LayoutState) {
  return {
    topbar: {
      email: state.email,
      phone: state.phone,
      announcement: state.announcement.trim()
        ? { text: state.announcement, href: state.announcementHref }
        : null,
      text_color: state.textColor,
      background_color: state.backgroundColor,
    },
    header: state.header,
    footer: {
      brand: state.brand,
      quote: state.quote,
      columns: state.columns,
      legal_links: state.legalLinks,
      call_to_action:
        state.ctaText.trim() || state.ctaHref.trim()
          ? { text: state.ctaText, href: state.ctaHref }
          : null,
    },
    register: { title: state.registerTitle, subtitle: state.registerSubtitle },
  };
}

function LayoutForm({ website }: { website: WebsiteSettingsView }) {
  const { t } = useTranslation();
  const { can, session } = useConsole();
  const [state, setState] = useState(() => initialState(website));
  const { save, errors, pending } = useWebsiteSave();
  const set = <K extends keyof LayoutState>(key: K, value: LayoutState[K]) =>
    setState((current) => ({ ...current, [key]: value }));
  const text = (key: keyof LayoutState & string, errorPath: string) => ({
    name: key,
    value: state[key] as string,
    onChange: (event: { target: { value: string } }) => set(key, event.target.value),
    error: errors[errorPath],
  });
  const label = (key: string) => t(`admin.website_settings.layout.${key}`);
  return (
    <SettingsForm
      onSubmit={(event) => {
        event.preventDefault();
        void save(bodyOf(state));
      }}
      readOnly={!can("website.website.update")}
      pending={pending}
      testId="layout-form"
    >
      <div className="lg:col-span-2">
        <LayoutPreview
          state={state}
          organiser={{ name: session.organiser?.name ?? null, logo: website.logo_url }}
        />
      </div>
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
          targets={website.link_targets}
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
        <LogoField url={website.logo_url} editable={can("organiser.account.update")} />
      </FormPanel>
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
            targets={website.link_targets}
            errors={errors}
          />
          <h3 className="mt-2 text-sm font-semibold text-slate-900">{label("legal_links")}</h3>
          <LinkTreeEditor
            links={state.legalLinks}
            onChange={(links) => set("legalLinks", links)}
            maxDepth={1}
            targets={website.link_targets}
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
              targets={website.link_targets}
              error={errors["footer.call_to_action.href"]}
            />
          </div>
        </FormPanel>
      </div>
      <FormPanel title={label("register")} description={label("register_hint")}>
        <TextField
          label={label("register_title")}
          optional
          maxLength={100}
          placeholder={t("register.title")}
          {...text("registerTitle", "register.title")}
          data-testid="register-title"
        />
        <TextField
          label={label("register_subtitle")}
          optional
          maxLength={300}
          placeholder={t("register.subtitle")}
          {...text("registerSubtitle", "register.subtitle")}
        />
      </FormPanel>
    </SettingsForm>
  );
}
