import { type DraftElement, elementKey, isElementKey } from "@booking/contracts";
import { settingDefinitions } from "@booking/contracts/page-elements/definitions";
import { useTranslation } from "../../../i18n/react";
import { SettingField } from "./setting-field";

/** The settings form of one element, generated from its setting definitions. */
export function ElementSettings({
  node,
  name,
  issues,
  readOnly,
  onChange,
}: {
  node: DraftElement;
  name: string;
  issues: Record<string, string>;
  readOnly: boolean;
  onChange: (settings: Record<string, unknown>) => void;
}) {
  const { t } = useTranslation();
  const key = elementKey(node.element, node.name);
  const definitions = isElementKey(key) ? settingDefinitions(key) : [];
  const settings = node.settings as Record<string, unknown>;
  return (
    <>
      <h2 id="settings-title" className="mb-3 text-base font-semibold text-slate-950">
        {t("admin.website.editor.settings", { name })}
      </h2>
      {definitions.length === 0 ? (
        <p className="text-sm text-slate-600">{t("admin.website.editor.no_settings")}</p>
      ) : null}
      <fieldset disabled={readOnly} className="flex flex-col gap-4" data-testid="element-settings">
        {definitions.map((definition) => (
          <SettingField
            key={`${node.cuid}:${definition.name}`}
            definition={definition}
            value={settings[definition.name]}
            onChange={(value) => onChange({ ...settings, [definition.name]: value })}
            path={`elements.${node.cuid}.settings.${definition.name}`}
            errors={issues}
          />
        ))}
      </fieldset>
    </>
  );
}
