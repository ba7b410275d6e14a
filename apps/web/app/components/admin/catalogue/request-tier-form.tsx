import { type AdminRequestTierView, requestTierBody } from "@booking/contracts";
import { z } from "zod";
import { useTranslation } from "../../../i18n/react";
import { useAdminForm } from "../../../lib/admin/form";
import { requestTiersApi } from "../../../lib/admin/request-tiers-api";
import { SubmitButton } from "../../ui/button";
import { TextField } from "../../ui/field";
import { ModalActions } from "../dialog";
import { checkedBy } from "./form-inputs";

const COUNTS = ["registrations", "minimum_availabilities", "maximum_availabilities"] as const;

/** The inputs are text; the contract checks them as whole numbers (an empty one is 0: TOO_SMALL). */
const tierForm = z
  .object({
    name: z.string(),
    registrations: z.string(),
    minimum_availabilities: z.string(),
    maximum_availabilities: z.string(),
  })
  .transform((values) => ({
    ...values,
    ...Object.fromEntries(COUNTS.map((key) => [key, Number(values[key].trim() || "0")])),
  }))
  .transform(checkedBy(requestTierBody));

/** A tier of the activity's request configuration in a modal. */
export function RequestTierForm({
  activityCuid,
  tier,
  onDone,
}: {
  activityCuid: string;
  tier?: AdminRequestTierView;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { field, onSubmit, pending } = useAdminForm({
    schema: tierForm,
    defaultValues: {
      name: tier?.name ?? "",
      registrations: String(tier?.registrations ?? 1),
      minimum_availabilities: String(tier?.minimum_availabilities ?? 1),
      maximum_availabilities: String(tier?.maximum_availabilities ?? 1),
    },
    send: (values) =>
      tier
        ? requestTiersApi.update(activityCuid, tier.cuid, values)
        : requestTiersApi.create(activityCuid, values),
    success: (saved) => t("admin.request_tiers.saved", { name: saved.name }),
    resolveField: (path) =>
      path === "name" || (COUNTS as readonly string[]).includes(path) ? (path as never) : null,
    onSuccess: onDone,
  });
  const count = (name: (typeof COUNTS)[number], label: string) => (
    <TextField
      label={label}
      inputMode="numeric"
      autoComplete="off"
      data-testid={`tier-${name}`}
      {...field(name)}
    />
  );
  return (
    <form method="post" onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <TextField
        label={t("admin.request_tiers.name")}
        hint={t("admin.request_tiers.name_hint")}
        autoComplete="off"
        data-testid="tier-name"
        {...field("name")}
      />
      {count("registrations", t("admin.request_tiers.registrations"))}
      <div className="grid gap-4 sm:grid-cols-2">
        {count("minimum_availabilities", t("admin.request_tiers.minimum"))}
        {count("maximum_availabilities", t("admin.request_tiers.maximum"))}
      </div>
      <ModalActions>
        <SubmitButton pending={pending} data-testid="tier-save">
          {t("admin.catalogue.save")}
        </SubmitButton>
      </ModalActions>
    </form>
  );
}
