import type { WebsiteSettingsView } from "@booking/contracts";
import { treeHrefs, unresolvedHrefs } from "@booking/domain/website/site-links";
import { useState } from "react";
import { SettingsForm } from "../../../components/admin/settings/settings-form";
import { resolvableTargets } from "../../../components/admin/website-settings/href-field";
import {
  FooterPanel,
  HeaderPanel,
  PageTextsPanel,
  TopbarPanel,
} from "../../../components/admin/website-settings/layout-panels";
import { LayoutPreview } from "../../../components/admin/website-settings/layout-preview";
import {
  bodyOf,
  initialState,
  type LayoutState,
} from "../../../components/admin/website-settings/layout-state";
import { MissingLinks } from "../../../components/admin/website-settings/missing-links";
import { useWebsiteSave } from "../../../components/admin/website-settings/use-website-save";
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
  const saved = [
    website.topbar,
    website.header,
    website.footer,
    website.register,
    website.newsletter_unsubscribe,
  ];
  return <LayoutForm key={JSON.stringify(saved)} website={website} />;
}

/** The top bar, header, footer and pages' own texts, saved together; a sketch follows the form. */
function LayoutForm({ website }: { website: WebsiteSettingsView }) {
  const { can, session } = useConsole();
  const [state, setState] = useState(() => initialState(website));
  const { save, errors, pending } = useWebsiteSave();
  const set = <K extends keyof LayoutState>(key: K, value: LayoutState[K]) =>
    setState((current) => ({ ...current, [key]: value }));
  const panel = { state, set, errors, targets: website.link_targets };
  const missing = unresolvedHrefs(
    [
      state.announcementHref,
      ...state.columns.flatMap((column) => [...treeHrefs(column.links)]),
      ...treeHrefs(state.legalLinks),
      state.ctaHref,
    ].filter(Boolean),
    resolvableTargets(website.link_targets),
  );
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
      <TopbarPanel {...panel} />
      <HeaderPanel {...panel} logoUrl={website.logo_url} />
      <FooterPanel {...panel} />
      <PageTextsPanel page="register" {...panel} />
      <PageTextsPanel page="newsletter_unsubscribe" {...panel} />
      {missing.length > 0 ? (
        <div className="lg:col-span-2">
          <MissingLinks hrefs={missing} />
        </div>
      ) : null}
    </SettingsForm>
  );
}
