import type {
  AdminActivityConfirmationView,
  AdminActivityView,
  AdminCancellationPolicyView,
  AdminOptionView,
  AdminQuestionView,
  AdminRegistrationConstraintView,
  AdminRequestTierView,
  NotificationTemplateVariable,
} from "@booking/contracts";
import { clsx } from "clsx";
import { Link, useNavigate } from "react-router";
import { AttendanceBillingTab } from "../../../components/admin/attendance-billing/billing-tab";
import { activityAvailabilitiesPath } from "../../../components/admin/availabilities/paths";
import { ACTIVITIES_PATH, ActivityForm } from "../../../components/admin/catalogue/activity-form";
import { OptionsTab, QuestionsTab } from "../../../components/admin/catalogue/activity-tabs";
import { CancellationPolicyForm } from "../../../components/admin/catalogue/cancellation-policy-form";
import { ConfirmationForm } from "../../../components/admin/catalogue/confirmation-form";
import { ConstraintsTab } from "../../../components/admin/catalogue/constraints-tab";
import { DeleteButton } from "../../../components/admin/catalogue/delete-button";
import { ImagesTab } from "../../../components/admin/catalogue/images-tab";
import { RequestTiersTab } from "../../../components/admin/catalogue/request-tiers-tab";
import { PageHeader } from "../../../components/admin/page-header";
import { StatusBadge } from "../../../components/admin/status-badge";
import { ExternalLinkIcon } from "../../../components/icons";
import { Button } from "../../../components/ui/button";
import { useTranslation } from "../../../i18n/react";
import { readAttendanceBilling } from "../../../lib/admin/attendance-billing-api";
import { catalogueApi } from "../../../lib/admin/catalogue-api";
import { readCategoryGroups } from "../../../lib/admin/catalogue-loaders";
import { useConsole } from "../../../lib/admin/console";
import { adminGet, requirePermission } from "../../../lib/admin/loaders";
import { useAdminMutation } from "../../../lib/admin/mutation";
import { hasPermission } from "../../../lib/admin/permissions";
import type { Route } from "./+types/detail";

const TABS = [
  "details",
  "options",
  "questions",
  "constraints",
  "request_tiers",
  "attendance_billing",
  "cancellation",
  "confirmation",
  "images",
] as const;
type Tab = (typeof TABS)[number];

/** The activity with what its tab shows (options and questions need their own permission). */
export async function loader(args: Route.LoaderArgs) {
  const { session } = requirePermission(args, "activities.activities.read");
  const requested = new URL(args.request.url).searchParams.get("tab");
  const tab: Tab = TABS.find((name) => name === requested) ?? "details";
  const base = `/api/admin/activities/${encodeURIComponent(args.params.cuid)}`;
  const readIf = <T,>(permission: Parameters<typeof hasPermission>[1], path: string) =>
    hasPermission(session, permission)
      ? adminGet<{ data: T[] }>(args, path).then((answer) => answer.data)
      : Promise.resolve([] as T[]);
  const readOne = <T,>(permission: Parameters<typeof hasPermission>[1], path: string) =>
    hasPermission(session, permission) ? adminGet<T>(args, path) : Promise.resolve(null);
  const [activity, groups, options, questions, constraints, requestTiers, attendance, policy] =
    await Promise.all([
      adminGet<AdminActivityView>(args, base),
      tab === "details" ? readCategoryGroups(args) : Promise.resolve([]),
      tab === "options"
        ? readIf<AdminOptionView>("activities.options.read", `${base}/options`)
        : Promise.resolve([]),
      tab === "questions"
        ? readIf<AdminQuestionView>("activities.questions.read", `${base}/questions`)
        : Promise.resolve([]),
      tab === "constraints"
        ? readIf<AdminRegistrationConstraintView>(
            "activities.registration_constraints.read",
            `${base}/registration-constraints`,
          )
        : Promise.resolve([]),
      tab === "request_tiers"
        ? readIf<AdminRequestTierView>("activities.activities.read", `${base}/request-tiers`)
        : Promise.resolve([]),
      tab === "attendance_billing" && hasPermission(session, "activities.attendance_billing.read")
        ? readAttendanceBilling(args, args.params.cuid, session.organiser?.timezone ?? "UTC")
        : Promise.resolve(null),
      tab === "cancellation"
        ? readOne<AdminCancellationPolicyView>(
            "activities.cancellations.read",
            `${base}/cancellation-policy`,
          )
        : Promise.resolve(null),
    ]);
  const confirmation = tab === "confirmation" ? await confirmationData(args, session, base) : null;
  return {
    activity,
    tab,
    groups,
    options,
    questions,
    constraints,
    requestTiers,
    attendance,
    policy,
    confirmation,
  };
}

/** The confirmation and the template variables its editor offers (when the role reads them). */
async function confirmationData(
  args: Route.LoaderArgs,
  session: Parameters<typeof hasPermission>[0],
  base: string,
) {
  if (!hasPermission(session, "activities.confirmations.read")) return null;
  const [view, variables] = await Promise.all([
    adminGet<AdminActivityConfirmationView>(args, `${base}/confirmation`),
    hasPermission(session, "notification_templates.notification_templates.read")
      ? adminGet<{ data: NotificationTemplateVariable[] }>(
          args,
          "/api/admin/notification-templates/variables",
        ).then((answer) => answer.data)
      : Promise.resolve([] as NotificationTemplateVariable[]),
  ]);
  return { view, variables };
}

/**
 * /admin/activities/:cuid: an activity's details, options, questions and images as tabs (links,
 * so each has its address), with publishing, the storefront page and deletion at the top.
 */
export default function ActivityDetail({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { can, session } = useConsole();
  const navigate = useNavigate();
  const { activity, tab } = loaderData;
  const storefrontUrl = session.organiser
    ? `${session.organiser.storefront_url}/activities/${activity.cuid}`
    : null;
  // Request tiers matter only to an activity taking requests.
  const visibleTabs = TABS.filter(
    (name) =>
      (name !== "request_tiers" ||
        activity.registration_flow === "REQUEST" ||
        tab === "request_tiers") &&
      (name !== "attendance_billing" || can("activities.attendance_billing.read")) &&
      (name !== "cancellation" || can("activities.cancellations.read")) &&
      (name !== "confirmation" || can("activities.confirmations.read")),
  );
  const counts: Record<Tab, number | null> = {
    details: null,
    options: activity.options_count,
    questions: activity.questions_count,
    constraints: null,
    request_tiers: null,
    attendance_billing: null,
    cancellation: null,
    confirmation: null,
    images: activity.images.length,
  };

  return (
    <>
      <PageHeader
        title={activity.title}
        description={
          <span className="inline-flex flex-wrap items-center gap-2">
            {activity.published ? (
              <StatusBadge tone="green">{t("admin.activities.published")}</StatusBadge>
            ) : (
              <StatusBadge tone="grey">{t("admin.activities.unpublished")}</StatusBadge>
            )}
            {can("availabilities.availabilities.read") ? (
              <Link
                to={activityAvailabilitiesPath(activity.cuid)}
                className="font-semibold text-accent-ink underline-offset-4 hover:underline"
                data-testid="activity-availabilities"
              >
                {t("admin.activities.availabilities_count", {
                  count: activity.availabilities_count,
                })}
              </Link>
            ) : (
              <span>
                {t("admin.activities.availabilities_count", {
                  count: activity.availabilities_count,
                })}
              </span>
            )}
          </span>
        }
        back={{ to: ACTIVITIES_PATH, label: t("admin.activities.back") }}
        actions={
          <>
            {activity.published && storefrontUrl ? (
              <a
                href={storefrontUrl}
                target="_blank"
                rel="noreferrer"
                className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-900 hover:bg-slate-50"
                data-testid="view-on-storefront"
              >
                <ExternalLinkIcon className="size-4" />
                {t("admin.activities.view_on_site")}
              </a>
            ) : null}
            {can("activities.activities.update") ? <PublishButton activity={activity} /> : null}
            {can("activities.activities.delete") ? (
              <DeleteButton
                showLabel
                name={activity.title}
                title={t("admin.activities.delete_title", { title: activity.title })}
                description={
                  activity.availabilities_count > 0
                    ? t("admin.activities.delete_in_use", { count: activity.availabilities_count })
                    : t("admin.activities.delete_description")
                }
                done={t("admin.activities.deleted", { title: activity.title })}
                remove={() => catalogueApi.deleteActivity(activity.cuid)}
                onDeleted={() => navigate(ACTIVITIES_PATH)}
              />
            ) : null}
          </>
        }
      />
      <nav aria-label={t("admin.activities.tabs_label")} className="border-b border-slate-200">
        <ul className="-mb-px flex gap-1 overflow-x-auto">
          {visibleTabs.map((name) => (
            <li key={name}>
              <Link
                to={name === "details" ? "?" : `?tab=${name}`}
                preventScrollReset
                aria-current={tab === name ? "page" : undefined}
                data-testid={`tab-${name}`}
                className={clsx(
                  "inline-flex min-h-11 items-center gap-2 border-b-2 px-3 text-sm font-semibold whitespace-nowrap",
                  tab === name
                    ? "border-slate-900 text-slate-950"
                    : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900",
                )}
              >
                {t(`admin.activities.tabs.${name}`)}
                {counts[name] !== null ? (
                  <span className="rounded-full bg-slate-100 px-2 text-xs text-slate-700">
                    {counts[name]}
                  </span>
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {tab === "details" ? (
        <ActivityForm key={activity.updated_at} activity={activity} groups={loaderData.groups} />
      ) : null}
      {tab === "options" ? (
        <OptionsTab activityCuid={activity.cuid} options={loaderData.options} />
      ) : null}
      {tab === "questions" ? (
        <QuestionsTab activityCuid={activity.cuid} questions={loaderData.questions} />
      ) : null}
      {tab === "request_tiers" ? (
        <RequestTiersTab
          activityCuid={activity.cuid}
          tiers={loaderData.requestTiers}
          takesRequests={activity.registration_flow === "REQUEST"}
        />
      ) : null}
      {tab === "constraints" ? (
        <ConstraintsTab activityCuid={activity.cuid} constraints={loaderData.constraints} />
      ) : null}
      {tab === "attendance_billing" && loaderData.attendance ? (
        <AttendanceBillingTab activityCuid={activity.cuid} {...loaderData.attendance} />
      ) : null}
      {tab === "cancellation" && loaderData.policy ? (
        <CancellationPolicyForm
          key={JSON.stringify(loaderData.policy)}
          activityCuid={activity.cuid}
          policy={loaderData.policy}
        />
      ) : null}
      {tab === "confirmation" && loaderData.confirmation ? (
        <ConfirmationForm
          activityCuid={activity.cuid}
          activityTitle={activity.title}
          confirmation={loaderData.confirmation.view}
          variables={loaderData.confirmation.variables}
        />
      ) : null}
      {tab === "images" ? (
        <ImagesTab
          gallery={catalogueApi.activityGallery(activity.cuid)}
          images={activity.images}
          editable={can("activities.activities.update")}
        />
      ) : null}
    </>
  );
}

function PublishButton({ activity }: { activity: AdminActivityView }) {
  const { t } = useTranslation();
  const next = !activity.published;
  const { mutate, pending } = useAdminMutation(
    () => catalogueApi.publishActivity(activity.cuid, next),
    {
      success: t(next ? "admin.activities.published_done" : "admin.activities.unpublished_done", {
        title: activity.title,
      }),
    },
  );
  return (
    <Button
      variant={next ? "primary" : "secondary"}
      onClick={() => mutate()}
      disabled={pending}
      data-testid={next ? "publish-activity" : "unpublish-activity"}
    >
      {t(next ? "admin.activities.publish" : "admin.activities.unpublish")}
    </Button>
  );
}
