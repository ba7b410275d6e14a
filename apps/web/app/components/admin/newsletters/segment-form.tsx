import type {
  PeopleConditionsInput,
  SegmentBody,
  SegmentCount,
  SegmentWithCount,
} from "@booking/contracts";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { useTranslation } from "../../../i18n/react";
import { useAdminMutation } from "../../../lib/admin/mutation";
import { segmentPath, segmentsApi } from "../../../lib/admin/newsletters-api";
import { ApiRequestError } from "../../../lib/api";
import { Button } from "../../ui/button";
import { TextField } from "../../ui/field";
import { SelectField } from "../fields";
import { FormPanel } from "../form-panel";

export interface Choice {
  cuid: string;
  title: string;
}
export interface FieldChoice extends Choice {
  entity: "CUSTOMERS" | "PARTICIPANTS";
}

type Entity = SegmentBody["entity"];
/** The form's state: every condition kind, whichever entity is chosen. */
interface Draft {
  entity: Entity;
  name: string;
  activities: string[];
  from: string;
  to: string;
  ageMin: string;
  ageMax: string;
  memberships: string[];
  customerTags: string[];
  participantTags: string[];
  field: string;
  fieldValues: string;
  newsletter: "" | "true" | "false";
}

function draftOf(segment: SegmentWithCount | null): Draft {
  const c = (segment?.conditions ?? {}) as PeopleConditionsInput & { activities?: unknown };
  const activities = Array.isArray(c.activities)
    ? (c.activities as string[])
    : ((c.activities as { cuids?: string[] } | null)?.cuids ?? []);
  const period = (Array.isArray(c.activities) ? null : c.activities) as {
    from?: string | null;
    to?: string | null;
  } | null;
  const field = c.custom_fields?.[0];
  return {
    entity: (segment?.entity as Entity) ?? "CUSTOMERS",
    name: segment?.name ?? "",
    activities,
    from: period?.from ?? "",
    to: period?.to ?? "",
    ageMin: c.age?.min != null ? String(c.age.min) : "",
    ageMax: c.age?.max != null ? String(c.age.max) : "",
    memberships: c.memberships ?? [],
    customerTags: c.customer_tags ?? [],
    participantTags: c.participant_tags ?? [],
    field: field?.field ?? "",
    fieldValues: field?.values.join(", ") ?? "",
    newsletter: c.newsletter == null ? "" : c.newsletter ? "true" : "false",
  };
}

const age = (value: string) => (value.trim() === "" ? null : Number(value));

/** The body the API takes; an AVAILABILITIES segment keeps its locations and categories. */
function bodyOf(draft: Draft, original: SegmentWithCount | null): SegmentBody {
  if (draft.entity === "AVAILABILITIES") {
    const kept = (original?.conditions ?? {}) as Record<string, string[]>;
    return {
      entity: "AVAILABILITIES",
      name: draft.name,
      conditions: { ...kept, activities: draft.activities },
    };
  }
  return {
    entity: draft.entity,
    name: draft.name,
    conditions: {
      activities: { cuids: draft.activities, from: draft.from || null, to: draft.to || null },
      age: { min: age(draft.ageMin), max: age(draft.ageMax) },
      memberships: draft.memberships,
      custom_fields: draft.field
        ? [{ field: draft.field, values: draft.fieldValues.split(",").map((v) => v.trim()) }]
        : [],
      newsletter: draft.newsletter === "" ? null : draft.newsletter === "true",
      customer_tags: draft.customerTags,
      participant_tags: draft.participantTags,
    },
  };
}

function Checklist({
  legend,
  choices,
  selected,
  onChange,
  testId,
}: {
  legend: string;
  choices: readonly Choice[];
  selected: string[];
  onChange: (next: string[]) => void;
  testId: string;
}) {
  if (choices.length === 0) return null;
  return (
    <fieldset className="flex flex-col gap-1.5" data-testid={testId}>
      <legend className="mb-1 text-sm font-semibold text-slate-900">{legend}</legend>
      <div className="grid max-h-56 gap-1 overflow-y-auto sm:grid-cols-2">
        {choices.map((choice) => (
          <label key={choice.cuid} className="flex min-h-8 items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4"
              checked={selected.includes(choice.cuid)}
              onChange={(event) =>
                onChange(
                  event.target.checked
                    ? [...selected, choice.cuid]
                    : selected.filter((cuid) => cuid !== choice.cuid),
                )
              }
            />
            <span className="min-w-0 break-words">{choice.title}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * A segment's name and conditions with the live count of what they select and of the consenting
 * customers a newsletter reaches. Without `segment` it creates one and opens it.
 */
export function SegmentForm({
  segment,
  activities,
  memberships,
  fields,
  tags,
  readOnly,
}: {
  segment: SegmentWithCount | null;
  activities: readonly Choice[];
  memberships: readonly Choice[];
  fields: readonly FieldChoice[];
  /** the organiser's customer and participant tags (decision 0088) */
  tags: { customers: readonly Choice[]; participants: readonly Choice[] };
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<Draft>(() => draftOf(segment));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [count, setCount] = useState<SegmentCount | null>(
    segment ? { count: segment.count, recipients: segment.recipients } : null,
  );
  const set = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));
  const people = draft.entity !== "AVAILABILITIES";

  useEffect(() => {
    let current = true;
    const timer = setTimeout(() => {
      const { entity, conditions } = bodyOf(draft, segment);
      segmentsApi
        .count({ entity, conditions } as never)
        .then((result) => {
          if (current) setCount(result);
        })
        // Conditions the server refuses show their errors on saving.
        .catch(() => undefined);
    }, 400);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [draft, segment]);

  const save = useAdminMutation(
    (body: SegmentBody) =>
      segment ? segmentsApi.update(segment.cuid, body) : segmentsApi.create(body),
    { success: t(segment ? "admin.segments.form.updated" : "admin.segments.form.created") },
  );
  const error = (path: string) => errors[path];

  return (
    <form
      method="post"
      noValidate
      className="flex flex-col gap-6"
      onSubmit={async (event) => {
        event.preventDefault();
        const outcome = await save.mutate(bodyOf(draft, segment));
        if (outcome.ok) {
          setErrors({});
          if (!segment) navigate(segmentPath(outcome.value.cuid));
        } else if (outcome.error instanceof ApiRequestError) {
          setErrors(outcome.error.fields);
        }
      }}
    >
      <fieldset disabled={readOnly} className="grid min-w-0 gap-6 lg:grid-cols-2">
        <FormPanel title={t("admin.segments.form.identity")}>
          <TextField
            label={t("admin.segments.form.name")}
            name="name"
            value={draft.name}
            error={error("name")}
            onChange={(event) => set({ name: event.target.value })}
            data-testid="segment-name"
          />
          {segment ? null : (
            <SelectField
              label={t("admin.segments.form.entity")}
              name="entity"
              value={draft.entity}
              onChange={(event) => set({ entity: event.target.value as Entity })}
              options={(["CUSTOMERS", "PARTICIPANTS", "AVAILABILITIES"] as const).map((value) => ({
                value,
                label: t(`admin.segments.entity.${value}`),
              }))}
              data-testid="segment-entity"
            />
          )}
          <p className="text-sm text-slate-700" aria-live="polite" data-testid="segment-count">
            {count
              ? t(`admin.segments.count.${draft.entity}`, {
                  count: count.count,
                  recipients: count.recipients,
                })
              : "…"}
          </p>
        </FormPanel>
        <FormPanel title={t("admin.segments.form.conditions")}>
          <Checklist
            legend={t(
              people ? "admin.segments.form.activities_attended" : "admin.segments.form.activities",
            )}
            choices={activities}
            selected={draft.activities}
            onChange={(next) => set({ activities: next })}
            testId="segment-activities"
          />
          {people ? (
            <>
              <div className="grid gap-3 sm:grid-cols-2">
                <TextField
                  label={t("admin.segments.form.from")}
                  type="date"
                  name="from"
                  value={draft.from}
                  onChange={(event) => set({ from: event.target.value })}
                />
                <TextField
                  label={t("admin.segments.form.to")}
                  type="date"
                  name="to"
                  value={draft.to}
                  error={error("conditions.activities.to")}
                  onChange={(event) => set({ to: event.target.value })}
                />
                <TextField
                  label={t("admin.segments.form.age_min")}
                  type="number"
                  min={0}
                  max={120}
                  name="age_min"
                  value={draft.ageMin}
                  error={error("conditions.age.min")}
                  onChange={(event) => set({ ageMin: event.target.value })}
                  data-testid="segment-age-min"
                />
                <TextField
                  label={t("admin.segments.form.age_max")}
                  type="number"
                  min={0}
                  max={120}
                  name="age_max"
                  value={draft.ageMax}
                  error={error("conditions.age.max")}
                  onChange={(event) => set({ ageMax: event.target.value })}
                  data-testid="segment-age-max"
                />
              </div>
              <Checklist
                legend={t("admin.segments.form.memberships")}
                choices={memberships}
                selected={draft.memberships}
                onChange={(next) => set({ memberships: next })}
                testId="segment-memberships"
              />
              <Checklist
                legend={t("admin.segments.form.customer_tags")}
                choices={tags.customers}
                selected={draft.customerTags}
                onChange={(next) => set({ customerTags: next })}
                testId="segment-customer-tags"
              />
              <Checklist
                legend={t("admin.segments.form.participant_tags")}
                choices={tags.participants}
                selected={draft.participantTags}
                onChange={(next) => set({ participantTags: next })}
                testId="segment-participant-tags"
              />
              {fields.length > 0 ? (
                <div className="grid gap-3 sm:grid-cols-2">
                  <SelectField
                    label={t("admin.segments.form.custom_field")}
                    name="field"
                    value={draft.field}
                    placeholder={t("admin.segments.form.any_field")}
                    options={fields.map((field) => ({
                      value: field.cuid,
                      label: `${field.title} (${t(`admin.segments.entity.${field.entity}`)})`,
                    }))}
                    onChange={(event) => set({ field: event.target.value })}
                  />
                  <TextField
                    label={t("admin.segments.form.custom_values")}
                    hint={t("admin.segments.form.custom_values_hint")}
                    name="field_values"
                    value={draft.fieldValues}
                    disabled={!draft.field}
                    onChange={(event) => set({ fieldValues: event.target.value })}
                  />
                </div>
              ) : null}
              <SelectField
                label={t("admin.segments.form.newsletter")}
                name="newsletter"
                value={draft.newsletter}
                options={[
                  { value: "", label: t("admin.segments.form.newsletter_any") },
                  { value: "true", label: t("admin.segments.form.newsletter_yes") },
                  { value: "false", label: t("admin.segments.form.newsletter_no") },
                ]}
                onChange={(event) => set({ newsletter: event.target.value as Draft["newsletter"] })}
              />
            </>
          ) : null}
        </FormPanel>
      </fieldset>
      {readOnly ? null : (
        <div className="flex justify-end">
          <Button type="submit" disabled={save.pending} data-testid="save-segment">
            {t(segment ? "admin.segments.form.save" : "admin.segments.form.create")}
          </Button>
        </div>
      )}
    </form>
  );
}
