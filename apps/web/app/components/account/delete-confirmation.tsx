import { confirmationMatches } from "@booking/domain";
import { type FormEvent, useState } from "react";
import { useTranslation } from "../../i18n/react";
import { Button } from "../ui/button";
import { TextField } from "../ui/field";

/**
 * The confirmation of an irreversible deletion (the account, a participant): the person types
 * the full name, compared without whitespace and case (platform-and-account.md §2.3, §5). The
 * button stays disabled until the name matches (a wrong name is pointed out once the field is
 * left); `onConfirm` runs once per click and may throw
 * (its caller shows the error), after which the form can be sent again.
 */
export function DeleteConfirmation({
  fullname,
  submitLabel,
  onConfirm,
  label,
  hint,
}: {
  fullname: string;
  submitLabel: string;
  onConfirm: () => Promise<void>;
  /** the input's label; "Full name" by default */
  label?: string;
  /** the instruction under the input; "type your full name: {name}" by default */
  hint?: string;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState("");
  const [pending, setPending] = useState(false);
  // The mismatch shows once the person leaves the field, not while they are typing.
  const [left, setLeft] = useState(false);
  const matches = confirmationMatches(fullname, typed);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!matches || pending) return;
    setPending(true);
    try {
      await onConfirm();
    } finally {
      setPending(false);
    }
  }

  return (
    <form
      method="post"
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-5"
      data-testid="delete-confirmation"
    >
      <TextField
        name="confirmation"
        label={label ?? t("account.delete.confirm_label")}
        hint={hint ?? t("account.delete.confirm_hint", { name: fullname })}
        autoComplete="off"
        spellCheck={false}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        onBlur={() => setLeft(true)}
        error={left && !matches && typed.trim() !== "" ? "account.delete.mismatch" : undefined}
      />
      <Button
        type="submit"
        variant="danger"
        size="lg"
        disabled={!matches || pending}
        aria-busy={pending}
        className="w-full sm:w-auto sm:self-start"
      >
        {submitLabel}
      </Button>
    </form>
  );
}
