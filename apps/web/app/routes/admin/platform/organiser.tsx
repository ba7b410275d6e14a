import type { PlatformOrganiserBilling, PlatformOrganiserDetail } from "@booking/contracts";
import type { ReactNode } from "react";
import { ConfirmDialog } from "../../../components/admin/dialog";
import { PageHeader } from "../../../components/admin/page-header";
import { OrganiserBilling } from "../../../components/admin/platform/organiser-billing";
import { OrganiserStatusBadge } from "../../../components/admin/platform/organiser-status";
import { AlertIcon, ExternalLinkIcon, LogInIcon } from "../../../components/icons";
import { Button } from "../../../components/ui/button";
import { useTranslation } from "../../../i18n/react";
import { useAdminMutation } from "../../../lib/admin/mutation";
import { PLATFORM_HOME } from "../../../lib/admin/paths";
import { platformApi } from "../../../lib/admin/platform-api";
import { platformDate } from "../../../lib/admin/platform-format";
import { platformGet } from "../../../lib/admin/platform-loaders";
import { preferredLanguage } from "../../../lib/browser-language";
import type { Route } from "./+types/organiser";

export async function loader(args: Route.LoaderArgs) {
  const path = `/api/admin/platform/organisers/${encodeURIComponent(args.params.cuid)}`;
  const [organiser, billing] = await Promise.all([
    platformGet<PlatformOrganiserDetail>(args, path),
    platformGet<PlatformOrganiserBilling>(args, `${path}/billing`),
  ]);
  const language = preferredLanguage(args.request);
  return {
    organiser,
    billing,
    language,
    labels: {
      created: platformDate(language, organiser.created_at),
      suspended: organiser.suspended_at
        ? platformDate(language, organiser.suspended_at, true)
        : null,
      history: Object.fromEntries(
        organiser.history.map((entry) => [
          entry.cuid,
          platformDate(language, entry.created_at, true),
        ]),
      ),
    },
  };
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 className="mb-4 text-base font-semibold text-slate-950">{title}</h2>
      {children}
    </section>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:gap-4">
      <dt className="shrink-0 text-sm font-medium text-slate-600 sm:w-40">{label}</dt>
      <dd className="min-w-0 text-sm break-words text-slate-950">{children}</dd>
    </div>
  );
}

/** The actions of an organiser: its site, its console as the owner, suspend or reactivate. */
function OrganiserActions({ organiser }: { organiser: PlatformOrganiserDetail }) {
  const { t } = useTranslation();
  const name = organiser.name;
  const suspended = organiser.status === "SUSPENDED";
  const toggle = useAdminMutation(
    () =>
      suspended ? platformApi.reactivate(organiser.cuid) : platformApi.suspend(organiser.cuid),
    {
      success: t(
        suspended ? "admin.platform.detail.reactivated" : "admin.platform.detail.suspended",
        {
          name,
        },
      ),
    },
  );
  const impersonate = useAdminMutation(() => platformApi.impersonateOwner(organiser.cuid), {
    revalidate: false,
  });
  const owner = organiser.owner;
  return (
    <>
      <a
        href={organiser.storefront_url}
        target="_blank"
        rel="noreferrer"
        className="inline-flex min-h-10 items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-900 hover:bg-slate-100"
      >
        <ExternalLinkIcon className="size-4" />
        {t("admin.platform.detail.storefront")}
      </a>
      {owner ? (
        <ConfirmDialog
          trigger={
            <Button variant="secondary" data-testid="impersonate-owner">
              <LogInIcon className="size-4" />
              {t("admin.platform.detail.impersonate")}
            </Button>
          }
          title={t("admin.platform.detail.impersonate_title", { name })}
          description={t("admin.platform.detail.impersonate_description", { owner: owner.email })}
          confirmLabel={t("admin.platform.detail.impersonate")}
          tone="primary"
          onConfirm={async () => {
            const outcome = await impersonate.mutate();
            if (outcome.ok) window.location.assign(outcome.value.url);
            return outcome.ok;
          }}
        />
      ) : null}
      <ConfirmDialog
        trigger={
          <Button variant={suspended ? "primary" : "danger"} data-testid="toggle-suspension">
            {t(suspended ? "admin.platform.detail.reactivate" : "admin.platform.detail.suspend")}
          </Button>
        }
        title={t(
          suspended
            ? "admin.platform.detail.reactivate_title"
            : "admin.platform.detail.suspend_title",
          { name },
        )}
        description={t(
          suspended
            ? "admin.platform.detail.reactivate_description"
            : "admin.platform.detail.suspend_description",
        )}
        confirmLabel={t(
          suspended ? "admin.platform.detail.reactivate" : "admin.platform.detail.suspend",
        )}
        tone={suspended ? "primary" : "danger"}
        onConfirm={async () => (await toggle.mutate()).ok}
      />
    </>
  );
}

/** /admin/platform/organisers/:cuid: one organiser, its owner, figures and the platform's actions. */
export default function PlatformOrganiser({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { organiser, labels, billing, language } = loaderData;
  const none = t("admin.platform.detail.none");
  const counts = [
    "customers",
    "participants",
    "registrations",
    "activities",
    "collaborators",
  ] as const;
  return (
    <>
      <PageHeader
        title={organiser.name}
        description={<OrganiserStatusBadge status={organiser.status} />}
        back={{ to: PLATFORM_HOME, label: t("admin.platform.detail.back") }}
        actions={<OrganiserActions organiser={organiser} />}
      />
      {organiser.status === "SUSPENDED" && labels.suspended ? (
        <p
          role="status"
          className="flex items-start gap-2 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-950"
        >
          <AlertIcon className="mt-0.5 size-4 shrink-0" />
          {t("admin.platform.detail.suspended_since", {
            date: labels.suspended,
            name: organiser.suspended_by?.name ?? none,
          })}
        </p>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title={organiser.slug}>
          <dl className="flex flex-col gap-3">
            <Detail label={t("admin.platform.detail.owner")}>
              {organiser.owner
                ? `${organiser.owner.firstname} ${organiser.owner.lastname} · ${organiser.owner.email}`
                : t("admin.platform.organisers.no_owner")}
            </Detail>
            <Detail label={t("admin.platform.detail.created")}>{labels.created}</Detail>
            <Detail label={t("admin.platform.detail.language")}>
              {organiser.language.toUpperCase()}
            </Detail>
            <Detail label={t("admin.platform.detail.currency")}>{organiser.currency}</Detail>
            <Detail label={t("admin.platform.detail.timezone")}>{organiser.timezone}</Detail>
            <Detail label={t("admin.platform.detail.domain")}>{organiser.domain ?? none}</Detail>
            <Detail label={t("admin.platform.detail.contact")}>
              {organiser.contact_email ?? none}
            </Detail>
          </dl>
        </Card>
        <Card title={t("admin.platform.detail.figures")}>
          <ul className="grid grid-cols-1 gap-2 text-sm text-slate-950 sm:grid-cols-2">
            {counts.map((key) => (
              <li key={key} className="rounded-lg bg-slate-50 px-3 py-2">
                {t(`admin.platform.counts.${key}`, { count: organiser.counts[key] })}
              </li>
            ))}
          </ul>
        </Card>
      </div>
      <OrganiserBilling cuid={organiser.cuid} billing={billing} language={language} />
      <Card title={t("admin.platform.detail.history")}>
        {organiser.history.length === 0 ? (
          <p className="text-sm text-slate-600">{t("admin.platform.detail.history_empty")}</p>
        ) : (
          <ol className="flex flex-col divide-y divide-slate-100" data-testid="platform-history">
            {organiser.history.map((entry) => (
              <li key={entry.cuid} className="flex flex-col gap-0.5 py-2 sm:flex-row sm:gap-4">
                <span className="shrink-0 text-sm text-slate-600 sm:w-48">
                  {labels.history[entry.cuid]}
                </span>
                <span className="text-sm text-slate-950">
                  {/* The translator reads dots as nesting: the action's key has underscores. */}
                  {t(`admin.platform.detail.actions.${entry.action.replaceAll(".", "_")}`)}
                  {entry.operator ? (
                    <span className="text-slate-600">
                      {" "}
                      {t("admin.platform.detail.by", { name: entry.operator.name })}
                    </span>
                  ) : null}
                </span>
              </li>
            ))}
          </ol>
        )}
      </Card>
    </>
  );
}
