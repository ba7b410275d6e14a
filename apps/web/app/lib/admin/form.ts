import { zodResolver } from "@hookform/resolvers/zod";
import {
  type DefaultValues,
  type FieldValues,
  get,
  type Path,
  type PathValue,
  useForm,
} from "react-hook-form";
import type { z } from "zod";
import { sameNameFields } from "../form-errors";
import { type AdminMutationOptions, type MutationOutcome, useAdminMutation } from "./mutation";

interface AdminFormOptions<I extends FieldValues, O, R>
  extends Omit<AdminMutationOptions<R, I>, "form"> {
  /** the contract's schema: the browser checks what the API will check */
  schema: z.ZodType<O, I>;
  defaultValues: DefaultValues<I>;
  /** sends the checked values (an `adminApi` call) */
  send: (values: O) => Promise<R>;
  /** after a success, e.g. close the dialog or go to the new item */
  onSuccess?: (value: R) => void | Promise<void>;
  /**
   * the form field of an API error's field path; by default the fields named in defaultValues
   * take the errors of the same name
   */
  resolveField?: (path: string) => Path<I> | null;
}

/**
 * A console form: react-hook-form with the contract's zod schema, sent through
 * `useAdminMutation` whose field errors land on the fields. `field(name)` gives an input what
 * it needs (`<TextField label=… {...form.field("email")} />`), `richText(name)` what a
 * `RichTextEditor` of a string field needs, `onSubmit` goes on the `<form>`.
 */
export function useAdminForm<I extends FieldValues, O, R>({
  schema,
  defaultValues,
  send,
  onSuccess,
  resolveField,
  ...mutationOptions
}: AdminFormOptions<I, O, R>) {
  const form = useForm<I, unknown, O>({ resolver: zodResolver(schema), defaultValues });
  const { mutate, pending } = useAdminMutation(send, {
    ...mutationOptions,
    form: {
      setError: form.setError,
      resolveField:
        resolveField ?? sameNameFields<I>(Object.keys(defaultValues ?? {}) as Path<I>[]),
    },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    const outcome: MutationOutcome<R> = await mutate(values);
    if (outcome.ok) await onSuccess?.(outcome.value);
  });

  const errorOf = (name: Path<I>) =>
    (get(form.formState.errors, name) as { message?: string } | undefined)?.message;

  /** The props of the input of `name`: its registration and its error code. */
  const field = (name: Path<I>) => ({ ...form.register(name), error: errorOf(name) });

  /** The props of the rich-text editor of `name` (an HTML string): its value, change and error. */
  const richText = (name: Path<I>) => ({
    value: form.getValues(name) as string,
    onChange: (html: string) =>
      form.setValue(name, html as PathValue<I, Path<I>>, { shouldDirty: true }),
    error: errorOf(name),
  });

  return { form, field, richText, onSubmit, pending: pending || form.formState.isSubmitting };
}
