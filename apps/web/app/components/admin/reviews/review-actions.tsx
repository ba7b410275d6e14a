import { type AdminReviewView, requiredText } from "@booking/contracts";
import { useId, useState } from "react";
import { z } from "zod";
import { useTranslation } from "../../../i18n/react";
import { useAdminForm } from "../../../lib/admin/form";
import { useAdminMutation } from "../../../lib/admin/mutation";
import { reviewsApi } from "../../../lib/admin/reviews-api";
import { Button, SubmitButton } from "../../ui/button";
import { FieldShell, inputClasses } from "../../ui/field";
import { ConfirmDialog, Modal, ModalActions } from "../dialog";

/** Writes or edits the organiser's public answer to a review; removing it is a button of its own. */
export function ReviewAnswerDialog({ review }: { review: AdminReviewView }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const id = useId();
  const { form, onSubmit, pending } = useAdminForm({
    schema: z.object({ answer: requiredText(2000) }),
    defaultValues: { answer: review.answer ?? "" },
    send: (values) => reviewsApi.answer(review.cuid, values),
    success: t("admin.reviews.answer.done"),
    onSuccess: () => setOpen(false),
  });
  const remove = useAdminMutation(() => reviewsApi.answer(review.cuid, { answer: null }), {
    success: t("admin.reviews.answer.removed"),
  });
  const error = form.formState.errors.answer?.message;
  return (
    <Modal
      title={t("admin.reviews.answer.title", { name: review.customer.fullname })}
      description={review.message ?? t("admin.reviews.no_message")}
      open={open}
      onOpenChange={(next) => {
        if (next) form.reset({ answer: review.answer ?? "" });
        setOpen(next);
      }}
      trigger={
        <Button variant="secondary" size="sm" data-testid="answer-review">
          {review.answer ? t("admin.reviews.answer.edit") : t("admin.reviews.answer.open")}
        </Button>
      }
    >
      <form method="post" onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <FieldShell
          id={id}
          label={t("admin.reviews.answer.field")}
          hint={t("admin.reviews.answer.hint")}
          error={error}
        >
          <textarea
            id={id}
            rows={4}
            maxLength={2000}
            className={inputClasses(Boolean(error))}
            {...form.register("answer")}
          />
        </FieldShell>
        <ModalActions>
          {review.answer ? (
            <Button
              variant="ghost"
              disabled={remove.pending}
              onClick={async () => {
                if ((await remove.mutate()).ok) setOpen(false);
              }}
            >
              {t("admin.reviews.answer.remove")}
            </Button>
          ) : null}
          <SubmitButton pending={pending} data-testid="answer-submit">
            {t("admin.reviews.answer.submit")}
          </SubmitButton>
        </ModalActions>
      </form>
    </Modal>
  );
}

/** Hides a review from the storefront (and its average), or shows it again. */
export function ReviewVisibilityButton({ review }: { review: AdminReviewView }) {
  const { t } = useTranslation();
  const { mutate, pending } = useAdminMutation(
    () => reviewsApi.setHidden(review.cuid, !review.hidden),
    { success: review.hidden ? t("admin.reviews.shown") : t("admin.reviews.hidden_done") },
  );
  return (
    <Button
      variant="secondary"
      size="sm"
      disabled={pending}
      aria-busy={pending}
      data-testid="toggle-review"
      onClick={() => mutate()}
    >
      {review.hidden ? t("admin.reviews.show") : t("admin.reviews.hide")}
    </Button>
  );
}

/** Deletes a review for good (spam, abuse); hiding it keeps it for the record. */
export function ReviewDeleteButton({ review }: { review: AdminReviewView }) {
  const { t } = useTranslation();
  const { mutate } = useAdminMutation(() => reviewsApi.remove(review.cuid), {
    success: t("admin.reviews.delete.done"),
  });
  return (
    <ConfirmDialog
      title={t("admin.reviews.delete.title", { name: review.customer.fullname })}
      description={t("admin.reviews.delete.description")}
      confirmLabel={t("admin.reviews.delete.confirm")}
      onConfirm={async () => (await mutate()).ok}
      trigger={
        <Button variant="ghost" size="sm" data-testid="delete-review">
          {t("admin.reviews.delete.open")}
        </Button>
      }
    />
  );
}
