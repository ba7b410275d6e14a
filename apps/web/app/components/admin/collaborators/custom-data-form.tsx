import type { CustomDataEntry, CustomFieldView } from "@booking/contracts";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMemo } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { z } from "zod";
import { useTranslation } from "../../../i18n/react";
import { collaboratorRecordsApi } from "../../../lib/admin/collaborator-records-api";
import {
  type CustomValues,
  customFormFieldOf,
  customValuesFrom,
  customValuesSchema,
  toCustomData,
} from "../../../lib/custom-fields";
import { useSubmitErrorHandler } from "../../../lib/form-errors";
import { toastSuccess } from "../../../lib/toast";
import { customFieldInputs } from "../../custom-field-input";
import { SubmitButton } from "../../ui/button";

type Values = { custom: CustomValues };

/**
 * A collaborator's values of the staff's custom fields (decision 0088), with the customers'
 * custom-field inputs and checks; read-only without the collaborators' update permission.
 */
export function CollaboratorCustomDataForm({
  collaborator,
  fields,
  values,
  readOnly,
}: {
  collaborator: string;
  fields: CustomFieldView[];
  values: CustomDataEntry[];
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const handleError = useSubmitErrorHandler();
  const resolver = useMemo(
    () =>
      zodResolver(z.object({ custom: customValuesSchema(fields) })) as unknown as Resolver<Values>,
    [fields],
  );
  const form = useForm<Values>({
    resolver,
    defaultValues: { custom: customValuesFrom(fields, values) },
  });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = form;
  const onSubmit = handleSubmit(async (submitted) => {
    try {
      await collaboratorRecordsApi.saveCustomData(
        collaborator,
        toCustomData(fields, submitted.custom),
      );
      toastSuccess(t("admin.collaborators.record.saved"));
    } catch (error) {
      handleError(error, setError, customFormFieldOf<Values>([], fields));
    }
  });
  return (
    <form method="post" onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <fieldset disabled={readOnly} className="flex flex-col gap-4">
        {customFieldInputs(fields, (key) => register(`custom.${key}`), errors.custom)}
      </fieldset>
      {readOnly ? null : (
        <div className="flex justify-end">
          <SubmitButton pending={isSubmitting} data-testid="collaborator-custom-submit">
            {t("admin.collaborators.record.save")}
          </SubmitButton>
        </div>
      )}
    </form>
  );
}
