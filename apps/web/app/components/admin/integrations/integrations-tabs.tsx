import { useTranslation } from "../../../i18n/react";
import { API_KEYS_PATH, WEBHOOKS_PATH } from "../../../lib/admin/integrations-api";
import { NavTabs } from "../nav-tabs";

/** The two pages of Integrations: webhooks and API keys. */
export function IntegrationsTabs() {
  const { t } = useTranslation();
  return (
    <NavTabs
      label={t("admin.integrations.title")}
      tabs={[
        {
          to: WEBHOOKS_PATH,
          label: "admin.integrations.tabs.webhooks",
          permission: "integrations.integrations.read",
          end: true,
        },
        {
          to: API_KEYS_PATH,
          label: "admin.integrations.tabs.api_keys",
          permission: "integrations.integrations.read",
        },
      ]}
    />
  );
}
