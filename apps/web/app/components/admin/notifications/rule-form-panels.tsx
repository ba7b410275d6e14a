import type { NotificationRuleInput, NotificationTemplateVariable } from "@booking/contracts";
import {
  DELAY_UNITS,
  delayTypesFor,
  RULE_TRIGGERS,
  type RuleTrigger,
  recipientTypesFor,
} from "@booking/domain/notification-rules";
import { useTranslation } from "../../../i18n/react";
import { TextField } from "../../ui/field";
import { SelectField } from "../fields";
import { FormPanel } from "../form-panel";
import { TemplateContentField } from "./template-content-field";

// The panels of the notification-rule form (rule-form.tsx): each edits part of one body.

export type Body = NotificationRuleInput;

export interface RuleChoice {
  value: string;
  label: string;
}

export interface PanelProps {
  body: Body;
  set: (patch: Partial<Body>) => void;
  error: (path: string) => string | undefined;
}

/** The template select's value: a default by key, one of the organiser's by cuid, or none. */
const templateValue = (body: Body) =>
  body.template_key
    ? `key:${body.template_key}`
    : body.template_cuid
      ? `cuid:${body.template_cuid}`
      : "";

const optionalNumber = (value: string) => (value.trim() === "" ? null : Number(value));

function Checkbox({
  label,
  checked,
  onChange,
  testId,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  testId?: string;
}) {
  return (
    <label className="flex min-h-8 items-center gap-2 text-sm text-slate-900">
      <input
        type="checkbox"
        className="size-4"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        data-testid={testId}
      />
      <span className="min-w-0 break-words">{label}</span>
    </label>
  );
}

function Checklist({
  legend,
  hint,
  choices,
  selected,
  onChange,
  error,
  testId,
}: {
  legend: string;
  hint?: string;
  choices: readonly RuleChoice[];
  selected: string[];
  onChange: (next: string[]) => void;
  error?: string;
  testId: string;
}) {
  const { t } = useTranslation();
  if (choices.length === 0) return null;
  return (
    <fieldset className="flex flex-col gap-1.5" data-testid={testId}>
      <legend className="mb-1 text-sm font-semibold text-slate-900">{legend}</legend>
      {hint ? <p className="text-sm text-slate-600">{hint}</p> : null}
      <div className="grid max-h-56 gap-1 overflow-y-auto sm:grid-cols-2">
        {choices.map((choice) => (
          <Checkbox
            key={choice.value}
            label={choice.label}
            checked={selected.includes(choice.value)}
            onChange={(checked) =>
              onChange(
                checked
                  ? [...selected, choice.value]
                  : selected.filter((value) => value !== choice.value),
              )
            }
          />
        ))}
      </div>
      {error ? (
        <p className="text-sm font-semibold text-red-700">{t(`forms.errors.${error}`)}</p>
      ) : null}
    </fieldset>
  );
}

/**
 * Name, trigger (fixed for the default rule), channels, active. The default rule may be turned
 * off (an organiser that confirms orders its own way), with a warning that customers then get
 * no confirmation.
 */
export function IdentityPanel({
  body,
  set,
  error,
  isDefault,
}: PanelProps & { isDefault: boolean }) {
  const { t } = useTranslation();
  const changeTrigger = (trigger: RuleTrigger) => {
    const types = delayTypesFor(trigger);
    const recipients = recipientTypesFor(trigger);
    set({
      trigger,
      delay_type: types.includes(body.delay_type) ? body.delay_type : "AFTER_TRIGGER",
      recipient_type: recipients.includes(body.recipient_type) ? body.recipient_type : "CUSTOMER",
    });
  };
  return (
    <FormPanel
      title={t("admin.notification_rules.form.identity")}
      description={isDefault ? t("admin.notification_rules.default_note") : undefined}
    >
      <TextField
        label={t("admin.notification_rules.form.name")}
        name="name"
        value={body.name}
        error={error("name")}
        onChange={(event) => set({ name: event.target.value })}
        data-testid="rule-name"
      />
      <SelectField
        label={t("admin.notification_rules.form.trigger")}
        name="trigger"
        value={body.trigger}
        disabled={isDefault}
        error={error("trigger")}
        onChange={(event) => changeTrigger(event.target.value as RuleTrigger)}
        options={RULE_TRIGGERS.map((value) => ({
          value,
          label: t(`admin.notification_rules.triggers.${value}`),
        }))}
        data-testid="rule-trigger"
      />
      <fieldset className="flex flex-wrap gap-x-6">
        <legend className="mb-1 text-sm font-semibold text-slate-900">
          {t("admin.notification_rules.form.channels")}
        </legend>
        {(["EMAIL", "SMS"] as const).map((channel) => (
          <Checkbox
            key={channel}
            label={t(`admin.notification_rules.channels.${channel}`)}
            checked={body.channels.includes(channel)}
            onChange={(checked) =>
              set({
                channels: checked
                  ? [...body.channels, channel]
                  : body.channels.filter((value) => value !== channel),
              })
            }
            testId={`rule-channel-${channel}`}
          />
        ))}
        {error("channels") ? (
          <p className="w-full text-sm font-semibold text-red-700">
            {t(`forms.errors.${error("channels")}`)}
          </p>
        ) : null}
      </fieldset>
      <Checkbox
        label={t("admin.notification_rules.form.active")}
        checked={body.active}
        onChange={(active) => set({ active })}
        testId="rule-active"
      />
      {isDefault && !body.active ? (
        <p
          className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
          data-testid="rule-default-inactive"
        >
          {t("admin.notification_rules.default_inactive_warning")}
        </p>
      ) : null}
    </FormPanel>
  );
}

/** The delay, its unit, what it counts from (the types the trigger has), the anti-spam delay. */
export function TimingPanel({ body, set, error }: PanelProps) {
  const { t } = useTranslation();
  const delayTypes = delayTypesFor(body.trigger as RuleTrigger);
  return (
    <FormPanel title={t("admin.notification_rules.form.timing")}>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label={t("admin.notification_rules.form.delay_amount")}
          type="number"
          min={0}
          name="delay_amount"
          value={String(body.delay.amount)}
          error={error("delay.amount")}
          onChange={(event) =>
            set({ delay: { ...body.delay, amount: Number(event.target.value || 0) } })
          }
          data-testid="rule-delay-amount"
        />
        <SelectField
          label={t("admin.notification_rules.form.delay_unit")}
          name="delay_unit"
          value={body.delay.unit}
          onChange={(event) =>
            set({ delay: { ...body.delay, unit: event.target.value as Body["delay"]["unit"] } })
          }
          options={DELAY_UNITS.map((value) => ({
            value,
            label: t(`admin.notification_rules.units.${value}`),
          }))}
          data-testid="rule-delay-unit"
        />
      </div>
      <SelectField
        label={t("admin.notification_rules.form.delay_type")}
        name="delay_type"
        value={body.delay_type}
        error={error("delay_type")}
        onChange={(event) => set({ delay_type: event.target.value as Body["delay_type"] })}
        options={delayTypes.map((value) => ({
          value,
          label: t(`admin.notification_rules.delay_types.${value}`),
        }))}
        data-testid="rule-delay-type"
      />
      <TextField
        label={t("admin.notification_rules.form.spam_hours")}
        hint={t("admin.notification_rules.form.spam_hint")}
        type="number"
        min={0}
        step="any"
        name="spam_hours"
        value={String(body.spam_avoidance_delay / 3600)}
        error={error("spam_avoidance_delay")}
        onChange={(event) =>
          set({ spam_avoidance_delay: Math.round(Number(event.target.value || 0) * 3600) })
        }
        data-testid="rule-spam"
      />
    </FormPanel>
  );
}

/** To whom (the types the trigger has, a fixed address; fixed for the default rule) and what is attached. */
export function RecipientsPanel({
  body,
  set,
  error,
  isDefault,
}: PanelProps & { isDefault: boolean }) {
  const { t } = useTranslation();
  const recipientTypes = recipientTypesFor(body.trigger as RuleTrigger);
  return (
    <FormPanel title={t("admin.notification_rules.form.recipients")}>
      <SelectField
        label={t("admin.notification_rules.form.recipient_type")}
        name="recipient_type"
        value={body.recipient_type}
        disabled={isDefault}
        error={error("recipient_type")}
        onChange={(event) => {
          const recipientType = event.target.value as Body["recipient_type"];
          set({
            recipient_type: recipientType,
            recipient: recipientType === "ADDRESS" ? (body.recipient ?? "") : null,
          });
        }}
        options={recipientTypes.map((value) => ({
          value,
          label: t(`admin.notification_rules.recipient_types.${value}`),
        }))}
        data-testid="rule-recipient-type"
      />
      {body.recipient_type === "ADDRESS" ? (
        <TextField
          label={t("admin.notification_rules.form.recipient")}
          type="email"
          name="recipient"
          value={body.recipient ?? ""}
          error={error("recipient")}
          onChange={(event) => set({ recipient: event.target.value })}
          data-testid="rule-recipient"
        />
      ) : null}
      <fieldset className="flex flex-col">
        <legend className="mb-1 text-sm font-semibold text-slate-900">
          {t("admin.notification_rules.form.attachments")}
        </legend>
        <Checkbox
          label={t("admin.notification_rules.form.ics")}
          checked={body.attachments.ics}
          onChange={(ics) => set({ attachments: { ...body.attachments, ics } })}
          testId="rule-ics"
        />
        <Checkbox
          label={t("admin.notification_rules.form.documents")}
          checked={body.attachments.documents}
          onChange={(documents) => set({ attachments: { ...body.attachments, documents } })}
          testId="rule-documents"
        />
      </fieldset>
    </FormPanel>
  );
}

/** Activities, categories, payment, participant's age, rules waited for. */
export function ConditionsPanel({
  body,
  set,
  error,
  activities,
  categories,
  rules,
}: PanelProps & {
  activities: readonly RuleChoice[];
  categories: readonly RuleChoice[];
  rules: readonly RuleChoice[];
}) {
  const { t } = useTranslation();
  const setRequirements = (patch: Partial<Body["requirements"]>) =>
    set({ requirements: { ...body.requirements, ...patch } });
  return (
    <FormPanel title={t("admin.notification_rules.form.conditions")}>
      <Checkbox
        label={t("admin.notification_rules.form.global")}
        checked={body.global}
        onChange={(global) =>
          set({
            global,
            requirements: { ...body.requirements, activity_ids: [] },
          })
        }
        testId="rule-global"
      />
      {body.global ? null : (
        <Checklist
          legend={t("admin.notification_rules.form.activities")}
          choices={activities}
          selected={body.requirements.activity_ids.map(String)}
          onChange={(next) => setRequirements({ activity_ids: next.map(Number) })}
          error={error("requirements.activity_ids")}
          testId="rule-activities"
        />
      )}
      <Checklist
        legend={t("admin.notification_rules.form.categories")}
        hint={t("admin.notification_rules.form.categories_hint")}
        choices={categories}
        selected={body.requirements.category_ids.map(String)}
        onChange={(next) => setRequirements({ category_ids: next.map(Number) })}
        error={error("requirements.category_ids")}
        testId="rule-categories"
      />
      <SelectField
        label={t("admin.notification_rules.form.payment")}
        name="payment"
        value={body.requirements.payment ?? ""}
        onChange={(event) =>
          setRequirements({
            payment: (event.target.value || null) as Body["requirements"]["payment"],
          })
        }
        options={[
          { value: "", label: t("admin.notification_rules.form.payment_any") },
          {
            value: "OUTSTANDING",
            label: t("admin.notification_rules.form.payment_OUTSTANDING"),
          },
          { value: "PAID", label: t("admin.notification_rules.form.payment_PAID") },
        ]}
        data-testid="rule-payment"
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label={t("admin.notification_rules.form.age_min")}
          type="number"
          min={0}
          max={120}
          name="age_min"
          value={body.requirements.participant_age_min ?? ""}
          error={error("requirements.participant_age_min")}
          onChange={(event) =>
            setRequirements({ participant_age_min: optionalNumber(event.target.value) })
          }
        />
        <TextField
          label={t("admin.notification_rules.form.age_max")}
          type="number"
          min={0}
          max={120}
          name="age_max"
          value={body.requirements.participant_age_max ?? ""}
          error={error("requirements.participant_age_max")}
          onChange={(event) =>
            setRequirements({ participant_age_max: optionalNumber(event.target.value) })
          }
        />
      </div>
      <Checklist
        legend={t("admin.notification_rules.form.dependencies")}
        hint={t("admin.notification_rules.form.dependencies_hint")}
        choices={rules}
        selected={body.dependencies}
        onChange={(dependencies) => set({ dependencies })}
        error={error("dependencies")}
        testId="rule-dependencies"
      />
    </FormPanel>
  );
}

/** A template or the rule's own subject and content (e-mail), and the SMS text. */
export function MessagePanel({
  body,
  set,
  error,
  templates,
  variables,
  readOnly,
}: PanelProps & {
  templates: readonly RuleChoice[];
  variables: readonly NotificationTemplateVariable[];
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const email = body.channels.includes("EMAIL");
  const sms = body.channels.includes("SMS");
  const ownMessage = templateValue(body) === "";
  return (
    <div className="lg:col-span-2">
      <FormPanel title={t("admin.notification_rules.form.message")}>
        {email ? (
          <SelectField
            label={t("admin.notification_rules.form.template")}
            name="template"
            value={templateValue(body)}
            error={error("template_key") ?? error("template_cuid")}
            onChange={(event) => {
              const [kind, value] = event.target.value.split(/:(.*)/);
              set({
                template_key: kind === "key" ? (value ?? null) : null,
                template_cuid: kind === "cuid" ? (value ?? null) : null,
              });
            }}
            options={[
              { value: "", label: t("admin.notification_rules.form.own_message") },
              ...templates,
            ]}
            data-testid="rule-template"
          />
        ) : null}
        {email && ownMessage ? (
          <>
            <TextField
              label={t("admin.notification_rules.form.subject")}
              name="title"
              value={body.title}
              error={error("title")}
              onChange={(event) => set({ title: event.target.value })}
              data-testid="rule-title"
            />
            <TemplateContentField
              type="EMAIL"
              value={body.content}
              onChange={(content) => set({ content })}
              error={error("content")}
              variables={variables}
              readOnly={readOnly}
            />
          </>
        ) : null}
        {sms ? (
          <TemplateContentField
            type="SMS"
            value={body.sms_content}
            onChange={(smsContent) => set({ sms_content: smsContent })}
            error={error("sms_content")}
            variables={variables}
            readOnly={readOnly}
          />
        ) : null}
      </FormPanel>
    </div>
  );
}
