import {
  ACCENT_MIN_CONTRAST,
  MAX_CUSTOM_CSS_LENGTH,
  WEBSITE_THEMES,
  type WebsiteSettingsView,
  type WebsiteTheme,
} from "@booking/contracts";
import { whiteTextContrast } from "@booking/domain/website/colour-contrast";
import { clsx } from "clsx";
import { useId, useState } from "react";
import { FormPanel } from "../../../components/admin/form-panel";
import { SettingsForm } from "../../../components/admin/settings/settings-form";
import { ColourField } from "../../../components/admin/website-settings/colour-field";
import { FaviconField } from "../../../components/admin/website-settings/favicon-field";
import { useWebsiteSave } from "../../../components/admin/website-settings/use-website-save";
import { describedBy, FieldShell, inputClasses } from "../../../components/ui/field";
import { useTranslation } from "../../../i18n/react";
import { useConsole } from "../../../lib/admin/console";
import { adminGet, requirePermission } from "../../../lib/admin/loaders";
import { accentPalette } from "../../../lib/color";
import type { Route } from "./+types/theme";

export async function loader(args: Route.LoaderArgs) {
  requirePermission(args, "website.website.read");
  return { website: await adminGet<WebsiteSettingsView>(args, "/api/admin/website") };
}

export default function WebsiteThemeSettings({ loaderData }: Route.ComponentProps) {
  const { website } = loaderData;
  const { can } = useConsole();
  // The CSS last sent: when the saved one differs, the sanitiser dropped parts of it.
  const [sentCss, setSentCss] = useState<string | null>(null);
  const trimmed = sentCss !== null && collapsed(sentCss) !== collapsed(website.css);
  return (
    <div className="flex flex-col gap-5">
      <ThemeForm
        key={`${website.accent_color}|${website.theme}|${website.css}`}
        website={website}
        onSend={setSentCss}
        trimmed={trimmed}
      />
      <FaviconPanel url={website.favicon_url} editable={can("website.website.update")} />
    </div>
  );
}

function FaviconPanel({ url, editable }: { url: string | null; editable: boolean }) {
  const { t } = useTranslation();
  return (
    <FormPanel
      title={t("admin.website_settings.favicon.title")}
      description={t("admin.website_settings.favicon.description")}
    >
      <FaviconField url={url} editable={editable} />
    </FormPanel>
  );
}

const collapsed = (css: string) => css.replace(/\s+/g, " ").trim();

/** Accent colour (contrast-checked), theme and custom CSS, saved together. */
function ThemeForm({
  website,
  onSend,
  trimmed,
}: {
  website: WebsiteSettingsView;
  onSend: (css: string) => void;
  trimmed: boolean;
}) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const [accent, setAccent] = useState(website.accent_color.toUpperCase());
  const [theme, setTheme] = useState<WebsiteTheme>(website.theme);
  const [css, setCss] = useState(website.css);
  const { save, errors, pending } = useWebsiteSave();
  return (
    <SettingsForm
      onSubmit={(event) => {
        event.preventDefault();
        onSend(css);
        void save({ accent_color: accent, theme, css });
      }}
      readOnly={!can("website.website.update")}
      pending={pending}
      testId="theme-form"
    >
      <FormPanel
        title={t("admin.website_settings.accent.title")}
        description={t("admin.website_settings.accent.description")}
      >
        <ColourField
          label={t("admin.website_settings.accent.label")}
          value={accent}
          onChange={setAccent}
          error={errors.accent_color}
          testId="accent-color"
        />
        <AccentPreview accent={accent} />
      </FormPanel>
      <FormPanel
        title={t("admin.website_settings.theme.title")}
        description={t("admin.website_settings.theme.description")}
      >
        <ThemeChoice value={theme} onChange={setTheme} />
      </FormPanel>
      <div className="lg:col-span-2">
        <FormPanel
          title={t("admin.website_settings.css.title")}
          description={t("admin.website_settings.css.description")}
        >
          <CustomCssField
            value={css}
            onChange={setCss}
            error={errors.css}
            trimmed={trimmed && css === website.css}
          />
        </FormPanel>
      </div>
    </SettingsForm>
  );
}

/** A button and a link as the storefront draws them, and the contrast of white text. */
function AccentPreview({ accent }: { accent: string }) {
  const { t } = useTranslation();
  const ratio = whiteTextContrast(accent);
  if (ratio === null) return null;
  const palette = accentPalette(accent);
  const low = ratio < ACCENT_MIN_CONTRAST;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-3">
        {/* A picture of the contrast being judged (it may be poor on purpose): not page text. */}
        <svg
          role="img"
          aria-label={t("admin.website_settings.accent.sample_white_label")}
          width="120"
          height="36"
          viewBox="0 0 120 36"
          className="shrink-0"
        >
          <rect width="120" height="36" rx="8" fill={palette.accent} />
          <text
            x="60"
            y="23"
            textAnchor="middle"
            fill="#FFFFFF"
            fontSize="14"
            fontWeight="600"
            fontFamily="inherit"
          >
            {t("admin.website_settings.accent.sample_white")}
          </text>
        </svg>
        <span
          className="rounded-lg px-4 py-2 text-sm font-semibold"
          style={{ backgroundColor: palette.accent, color: palette.onAccent }}
        >
          {t("admin.website_settings.accent.sample_button")}
        </span>
        <span className="text-sm font-semibold underline" style={{ color: palette.ink }}>
          {t("admin.website_settings.accent.sample_link")}
        </span>
      </div>
      <p
        role="status"
        data-testid="accent-contrast"
        className={clsx(
          "rounded-lg px-3 py-2 text-sm",
          low ? "bg-amber-50 font-medium text-amber-900" : "bg-emerald-50 text-emerald-900",
        )}
      >
        {t(low ? "admin.website_settings.accent.low" : "admin.website_settings.accent.ok", {
          ratio: ratio.toFixed(2),
          min: ACCENT_MIN_CONTRAST,
        })}
      </p>
    </div>
  );
}

function ThemeChoice({
  value,
  onChange,
}: {
  value: WebsiteTheme;
  onChange: (theme: WebsiteTheme) => void;
}) {
  const { t } = useTranslation();
  const name = useId();
  return (
    <fieldset className="grid gap-3 sm:grid-cols-3">
      <legend className="sr-only">{t("admin.website_settings.theme.title")}</legend>
      {WEBSITE_THEMES.map((theme) => (
        <label
          key={theme}
          className={clsx(
            "flex cursor-pointer flex-col gap-2 rounded-xl border p-3 has-[:focus-visible]:outline-2",
            value === theme ? "border-slate-900 ring-1 ring-slate-900" : "border-slate-200",
          )}
        >
          <span className="flex items-center gap-2 text-sm font-medium text-slate-900">
            <input
              type="radio"
              name={name}
              value={theme}
              checked={value === theme}
              onChange={() => onChange(theme)}
              data-testid={`theme-${theme}`}
            />
            {t(`admin.website_settings.theme.names.${theme}`)}
          </span>
          {/* The theme's own font and corners, as app.css gives them to the storefront. */}
          <span data-theme={theme} className="flex flex-col gap-2 font-sans" aria-hidden="true">
            <span className="text-base font-semibold text-slate-950">Aa Bb 123</span>
            <span className="rounded-lg bg-accent px-3 py-1.5 text-center text-xs font-semibold text-on-accent">
              {t("admin.website_settings.accent.sample_button")}
            </span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

function CustomCssField({
  value,
  onChange,
  error,
  trimmed,
}: {
  value: string;
  onChange: (css: string) => void;
  error?: string;
  /** the saved CSS lost parts the sanitiser dropped */
  trimmed: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const hint = t("admin.website_settings.css.hint", {
    length: value.length,
    max: MAX_CUSTOM_CSS_LENGTH,
  });
  return (
    <FieldShell id={id} label={t("admin.website_settings.css.label")} error={error} hint={hint}>
      <textarea
        id={id}
        rows={10}
        value={value}
        spellCheck={false}
        maxLength={MAX_CUSTOM_CSS_LENGTH}
        onChange={(event) => onChange(event.target.value)}
        className={`${inputClasses(Boolean(error))} font-mono text-sm`}
        data-testid="custom-css"
        {...describedBy(id, hint, error)}
      />
      {trimmed ? (
        <p role="status" className="text-sm font-medium text-amber-800" data-testid="css-trimmed">
          {t("admin.website_settings.css.trimmed")}
        </p>
      ) : null}
    </FieldShell>
  );
}
