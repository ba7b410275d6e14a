import type { NavigationLink, WebsiteSettingsView } from "@booking/contracts";
import { NAVIGATION_MAX_DEPTH } from "@booking/contracts";
import { treeHrefs, unresolvedHrefs } from "@booking/domain/website/site-links";
import { useState } from "react";
import { FormPanel } from "../../../components/admin/form-panel";
import { SettingsForm } from "../../../components/admin/settings/settings-form";
import { resolvableTargets } from "../../../components/admin/website-settings/href-field";
import { LinkTreeEditor } from "../../../components/admin/website-settings/link-tree-editor";
import { MissingLinks } from "../../../components/admin/website-settings/missing-links";
import { useWebsiteSave } from "../../../components/admin/website-settings/use-website-save";
import { useTranslation } from "../../../i18n/react";
import { useConsole } from "../../../lib/admin/console";
import { adminGet, requirePermission } from "../../../lib/admin/loaders";
import type { Route } from "./+types/navigation";

export async function loader(args: Route.LoaderArgs) {
  requirePermission(args, "website.website.read");
  return { website: await adminGet<WebsiteSettingsView>(args, "/api/admin/website") };
}

export default function WebsiteNavigation({ loaderData }: Route.ComponentProps) {
  // A save reloads the settings: the editor starts again from the navigation as stored.
  return (
    <NavigationForm
      key={JSON.stringify(loaderData.website.navigation)}
      website={loaderData.website}
    />
  );
}

/** The header's navigation: nested links, their order and addresses (storefront.md "Layout"). */
function NavigationForm({ website }: { website: WebsiteSettingsView }) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const [links, setLinks] = useState<NavigationLink[]>(website.navigation);
  const { save, errors, pending } = useWebsiteSave();
  const missing = unresolvedHrefs(treeHrefs(links), resolvableTargets(website.link_targets));
  return (
    <SettingsForm
      onSubmit={(event) => {
        event.preventDefault();
        void save({ navigation: links });
      }}
      readOnly={!can("website.website.update")}
      pending={pending}
      testId="navigation-form"
    >
      <div className="flex flex-col gap-5 lg:col-span-2">
        <FormPanel
          title={t("admin.website_settings.navigation.title")}
          description={t("admin.website_settings.navigation.description")}
        >
          <LinkTreeEditor
            links={links}
            onChange={setLinks}
            maxDepth={NAVIGATION_MAX_DEPTH}
            targets={website.link_targets}
            errors={errors}
            errorPath="navigation"
            label={t("admin.website_settings.navigation.title")}
            testId="navigation-editor"
          />
        </FormPanel>
        <MissingLinks hrefs={missing} />
      </div>
    </SettingsForm>
  );
}
