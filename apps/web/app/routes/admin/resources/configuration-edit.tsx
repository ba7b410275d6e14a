import type {
  AdminBookingConfigurationView,
  AdminMembershipView,
  BookingConfigurationBody,
  ListEnvelope,
} from "@booking/contracts";
import { useId, useState } from "react";
import { Link, useNavigate } from "react-router";
import { DeleteButton } from "../../../components/admin/catalogue/delete-button";
import { PageHeader } from "../../../components/admin/page-header";
import { useRulesSummary } from "../../../components/admin/resources/rules-summary";
import { Button } from "../../../components/ui/button";
import { FieldErrorText, TextField, useErrorMessage } from "../../../components/ui/field";
import { useTranslation } from "../../../i18n/react";
import { useConsole } from "../../../lib/admin/console";
import { adminGet, requirePermission } from "../../../lib/admin/loaders";
import { useAdminMutation } from "../../../lib/admin/mutation";
import { hasPermission } from "../../../lib/admin/permissions";
import { bookingConfigurationsApi } from "../../../lib/admin/resources-api";
import { ApiRequestError } from "../../../lib/api";
import type { Route } from "./+types/configuration-edit";

/**
 * /admin/resources/configurations/new and /admin/resources/configurations/{cuid} (decision
 * 0071): who may book (everyone with an account, or members of given membership products), how
 * far ahead, until how many hours before the start customers cancel from their account, and how
 * many bookings a customer holds a week. Resources choose their configuration in their editor.
 */
export async function loader(args: Route.LoaderArgs) {
  const cuid = args.params.cuid;
  const { session } = requirePermission(
    args,
    cuid ? "bookings.configurations.read" : "bookings.configurations.create",
  );
  const [configuration, memberships] = await Promise.all([
    cuid
      ? adminGet<AdminBookingConfigurationView>(
          args,
          `/api/admin/booking-configurations/${encodeURIComponent(cuid)}`,
        )
      : null,
    hasPermission(session, "memberships.memberships.read")
      ? adminGet<ListEnvelope<AdminMembershipView>>(args, "/api/admin/memberships?page_size=100")
      : null,
  ]);
  const products = (memberships?.data ?? []).map(({ cuid, title }) => ({ cuid, title }));
  // The configuration's own products stay listed even when the collaborator may not list them.
  for (const own of configuration?.memberships ?? []) {
    if (!products.some((product) => product.cuid === own.cuid)) products.push(own);
  }
  return { configuration, memberships: products };
}

const BACK = "/admin/resources/configurations";

export default function BookingConfigurationEditor({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const navigate = useNavigate();
  const summary = useRulesSummary();
  const { configuration, memberships } = loaderData;
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={configuration ? configuration.name : t("admin.booking_configurations.new")}
        description={
          configuration ? summary(configuration) : t("admin.booking_configurations.description")
        }
        back={{ to: BACK, label: t("admin.resources.tabs.configurations") }}
        actions={
          configuration && can("bookings.configurations.delete") ? (
            <DeleteButton
              name={configuration.name}
              title={t("admin.booking_configurations.delete_title", { name: configuration.name })}
              description={
                configuration.resources.length > 0
                  ? t("admin.booking_configurations.delete_in_use", {
                      count: configuration.resources.length,
                    })
                  : t("admin.booking_configurations.delete_description")
              }
              done={t("admin.booking_configurations.deleted", { name: configuration.name })}
              remove={() => bookingConfigurationsApi.remove(configuration.cuid)}
              onDeleted={() => navigate(BACK)}
              showLabel
            />
          ) : null
        }
      />
      <ConfigurationForm
        key={configuration?.updated_at ?? "new"}
        configuration={configuration}
        memberships={memberships}
      />
      {configuration ? <FollowingResources configuration={configuration} /> : null}
    </div>
  );
}

/** "" for null, else the number's text. */
const text = (value: number | null | undefined) =>
  value === null || value === undefined ? "" : String(value);
/** null for an empty field, else the number typed (the contract refuses what is not one). */
const numberOf = (value: string) => (value.trim() === "" ? null : Number(value));

function ConfigurationForm({
  configuration,
  memberships,
}: {
  configuration: AdminBookingConfigurationView | null;
  memberships: Array<{ cuid: string; title: string }>;
}) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const navigate = useNavigate();
  const errorMessage = useErrorMessage();
  const ids = useId();
  const editable = can(
    configuration ? "bookings.configurations.update" : "bookings.configurations.create",
  );
  const [name, setName] = useState(configuration?.name ?? "");
  const [audience, setAudience] = useState(configuration?.audience ?? "EVERYONE");
  const [chosen, setChosen] = useState<string[]>(
    configuration?.memberships.map((one) => one.cuid) ?? [],
  );
  const [daysAhead, setDaysAhead] = useState(text(configuration?.days_ahead));
  const [cancellationHours, setCancellationHours] = useState(
    text(configuration?.cancellation_hours),
  );
  const [maxPerWeek, setMaxPerWeek] = useState(text(configuration?.max_per_week));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useAdminMutation(
    (body: BookingConfigurationBody) =>
      configuration
        ? bookingConfigurationsApi.update(configuration.cuid, body)
        : bookingConfigurationsApi.create(body),
    { success: t("admin.booking_configurations.saved") },
  );
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (name.trim() === "") {
      setErrors({ name: "REQUIRED" });
      return;
    }
    const outcome = await save.mutate({
      name: name.trim(),
      audience,
      memberships: audience === "MEMBERS" ? chosen : [],
      days_ahead: numberOf(daysAhead),
      cancellation_hours: numberOf(cancellationHours),
      max_per_week: numberOf(maxPerWeek),
    });
    if (outcome.ok) {
      setErrors({});
      if (!configuration) navigate(`${BACK}/${outcome.value.cuid}`);
    } else if (outcome.error instanceof ApiRequestError) {
      setErrors(outcome.error.fields);
    }
  };
  const membershipsError = errorMessage(errors.memberships);
  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-5 rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
      data-testid="booking-configuration-form"
    >
      <fieldset disabled={!editable} className="flex flex-col gap-5">
        <TextField
          name="name"
          label={t("admin.booking_configurations.name")}
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={errors.name}
          maxLength={100}
          autoComplete="off"
          className="sm:max-w-md"
          data-testid="booking-configuration-name"
        />
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 text-sm font-medium text-slate-900">
            {t("admin.booking_configurations.audience")}
          </legend>
          {(["EVERYONE", "MEMBERS"] as const).map((choice) => (
            <label key={choice} className="flex min-h-11 items-center gap-2 text-sm">
              <input
                type="radio"
                name="audience"
                value={choice}
                checked={audience === choice}
                onChange={() => setAudience(choice)}
                className="size-4"
                data-testid={`audience-${choice}`}
              />
              {t(`admin.booking_configurations.audiences.${choice}`)}
            </label>
          ))}
          {audience === "MEMBERS" ? (
            <fieldset
              className="ml-6 flex flex-col gap-1 rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200"
              aria-describedby={membershipsError ? `${ids}-memberships-error` : undefined}
            >
              <legend className="sr-only">{t("admin.booking_configurations.memberships")}</legend>
              <p className="text-sm text-slate-700">
                {t("admin.booking_configurations.memberships")}
              </p>
              {memberships.length === 0 ? (
                <p className="text-sm text-slate-600">
                  {t("admin.booking_configurations.no_memberships")}
                </p>
              ) : (
                memberships.map((membership) => (
                  <label key={membership.cuid} className="flex min-h-11 items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      checked={chosen.includes(membership.cuid)}
                      onChange={(event) =>
                        setChosen((current) =>
                          event.target.checked
                            ? [...current, membership.cuid]
                            : current.filter((cuid) => cuid !== membership.cuid),
                        )
                      }
                      className="size-4"
                    />
                    {membership.title}
                  </label>
                ))
              )}
              {membershipsError ? (
                <FieldErrorText id={`${ids}-memberships-error`}>{membershipsError}</FieldErrorText>
              ) : null}
            </fieldset>
          ) : null}
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            name="days_ahead"
            type="number"
            inputMode="numeric"
            min={1}
            max={365}
            optional
            label={t("admin.booking_configurations.days_ahead")}
            hint={t("admin.booking_configurations.days_ahead_hint")}
            value={daysAhead}
            onChange={(event) => setDaysAhead(event.target.value)}
            error={errors.days_ahead}
            data-testid="booking-configuration-days-ahead"
          />
          <TextField
            name="cancellation_hours"
            type="number"
            inputMode="numeric"
            min={0}
            optional
            label={t("admin.booking_configurations.cancellation_hours")}
            hint={t("admin.booking_configurations.cancellation_hours_hint")}
            value={cancellationHours}
            onChange={(event) => setCancellationHours(event.target.value)}
            error={errors.cancellation_hours}
            data-testid="booking-configuration-cancellation"
          />
          <TextField
            name="max_per_week"
            type="number"
            inputMode="numeric"
            min={1}
            max={100}
            optional
            label={t("admin.booking_configurations.max_per_week")}
            hint={t("admin.booking_configurations.max_per_week_hint")}
            value={maxPerWeek}
            onChange={(event) => setMaxPerWeek(event.target.value)}
            error={errors.max_per_week}
            data-testid="booking-configuration-max-per-week"
          />
        </div>
      </fieldset>
      {editable ? (
        <div>
          <Button type="submit" disabled={save.pending} data-testid="booking-configuration-save">
            {t("admin.resource_editor.save")}
          </Button>
        </div>
      ) : null}
    </form>
  );
}

/** The resources following the configuration, each linking to its editor (where it is chosen). */
function FollowingResources({ configuration }: { configuration: AdminBookingConfigurationView }) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="configuration-resources"
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h2 id="configuration-resources" className="text-lg font-semibold text-slate-950">
        {t("admin.booking_configurations.resources")}
      </h2>
      {configuration.resources.length === 0 ? (
        <p className="text-sm text-slate-600">
          {t("admin.booking_configurations.no_resources_hint")}
        </p>
      ) : (
        <ul className="flex flex-wrap gap-2">
          {configuration.resources.map((resource) => (
            <li key={resource.cuid}>
              <Link
                to={`/admin/resources/${resource.cuid}/edit`}
                className="inline-flex min-h-10 items-center rounded-lg border border-slate-300 px-3 text-sm font-medium text-slate-900 hover:bg-slate-50"
              >
                {resource.name}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
