import type { AdminNotificationRuleView, NotificationTemplateVariable } from "@booking/contracts";
import { useState } from "react";
import { useNavigate } from "react-router";
import { useTranslation } from "../../../i18n/react";
import { useAdminMutation } from "../../../lib/admin/mutation";
import { rulePath, rulesApi } from "../../../lib/admin/rules-api";
import { ApiRequestError } from "../../../lib/api";
import { Button } from "../../ui/button";
import {
  type Body,
  ConditionsPanel,
  IdentityPanel,
  MessagePanel,
  RecipientsPanel,
  type RuleChoice,
  TimingPanel,
} from "./rule-form-panels";

export type { RuleChoice };

const EMPTY: Body = {
  name: "",
  trigger: "registration.created",
  channels: ["EMAIL"],
  delay: { amount: 0, unit: "minutes" },
  delay_type: "AFTER_TRIGGER",
  recipient_type: "CUSTOMER",
  recipient: null,
  dependencies: [],
  requirements: {
    activity_ids: [],
    category_ids: [],
    payment: null,
    participant_age_min: null,
    participant_age_max: null,
  },
  attachments: { ics: false, documents: false },
  spam_avoidance_delay: 0,
  active: true,
  global: true,
  template_key: null,
  template_cuid: null,
  title: "",
  content: "",
  sms_content: "",
};

function bodyOf(rule: AdminNotificationRuleView | null): Body {
  if (!rule) return EMPTY;
  const {
    id: _,
    cuid: __,
    is_default: ___,
    scheduled_count,
    sent_count,
    created_at,
    updated_at,
    ...body
  } = rule;
  return body;
}

/**
 * A notification rule: its trigger, channels, when (delay and what it counts from), to whom,
 * under which conditions, with which attachments, and its message (a template or its own).
 * The default rule (the cart confirmation, decision 0052) keeps its trigger and recipients;
 * everything else is edited as any rule's. Without `rule` it creates one and opens it.
 */
export function RuleForm({
  rule,
  activities,
  categories,
  templates,
  rules,
  variables,
  readOnly,
}: {
  rule: AdminNotificationRuleView | null;
  activities: readonly RuleChoice[];
  categories: readonly RuleChoice[];
  templates: readonly RuleChoice[];
  rules: readonly RuleChoice[];
  variables: readonly NotificationTemplateVariable[];
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [body, setBody] = useState<Body>(() => bodyOf(rule));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (patch: Partial<Body>) => setBody((current) => ({ ...current, ...patch }));
  const panel = { body, set, error: (path: string) => errors[path] };
  const isDefault = rule?.is_default === true;
  const save = useAdminMutation(
    (next: Body) => (rule ? rulesApi.update(rule.cuid, next) : rulesApi.create(next)),
    {
      success: t(
        rule ? "admin.notification_rules.form.updated" : "admin.notification_rules.form.created",
      ),
    },
  );

  return (
    <form
      method="post"
      noValidate
      className="flex flex-col gap-6"
      onSubmit={async (event) => {
        event.preventDefault();
        const outcome = await save.mutate(body);
        if (outcome.ok) {
          setErrors({});
          if (!rule) navigate(rulePath(outcome.value.cuid));
        } else if (outcome.error instanceof ApiRequestError) {
          setErrors(outcome.error.fields);
        }
      }}
    >
      <fieldset disabled={readOnly} className="grid min-w-0 gap-6 lg:grid-cols-2">
        <IdentityPanel {...panel} isDefault={isDefault} />
        <TimingPanel {...panel} />
        <RecipientsPanel {...panel} isDefault={isDefault} />
        <ConditionsPanel {...panel} activities={activities} categories={categories} rules={rules} />
        <MessagePanel {...panel} templates={templates} variables={variables} readOnly={readOnly} />
      </fieldset>
      {readOnly ? null : (
        <div className="flex justify-end">
          <Button type="submit" disabled={save.pending} data-testid="save-rule">
            {t(
              rule ? "admin.notification_rules.form.save" : "admin.notification_rules.form.create",
            )}
          </Button>
        </div>
      )}
    </form>
  );
}
