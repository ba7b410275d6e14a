import type { RegistrationDocumentView } from "@booking/contracts";
import {
  customElementKey,
  type DocumentCustomElement,
  validateCustomElementInputs,
} from "@booking/domain/documents/inputs";
import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { useTranslation } from "../../i18n/react";
import { useSubmitErrorHandler } from "../../lib/form-errors";
import type { Formatters } from "../../lib/format";
import { toastSuccess } from "../../lib/toast";
import { AccountCard } from "../account/card";
import { CustomFieldInput } from "../custom-field-input";
import { DownloadIcon, InfoIcon, LockIcon } from "../icons";
import { LocalizedLink } from "../localized-link";
import { Button, buttonClasses, SubmitButton } from "../ui/button";
import { downloadDocument } from "./download";
import { DocumentIcon } from "./icons";

// The documents of a registration (platform-and-account.md §2.3 registration detail, §3.5
// "Document", §4 "Registration"): each with a download, or what stands in the way (the amount
// still owed, the date from which it can be downloaded). A document with custom elements asks
// for their values first (§5 "Document custom fields"), checked by the domain's rule before the
// server checks them again. A cancelled registration has none: nothing is shown.

type DocumentView = RegistrationDocumentView;
type CustomElementView = DocumentView["pages"][number]["elements"][number];
type Values = Record<string, string | string[]>;

export function RegistrationDocuments({
  documents,
  format,
  formsOpen = false,
  pageOf,
}: {
  documents: DocumentView[];
  format: Formatters;
  /** show the custom-element forms at once (the page of one document) */
  formsOpen?: boolean;
  /** the page of a document, which its title then links to */
  pageOf?: (documentCuid: string) => string;
}) {
  const { t } = useTranslation();
  if (documents.length === 0) return null;
  return (
    <AccountCard title={t("documents.title")} description={t("documents.description")}>
      <ul className="flex flex-col divide-y divide-slate-100" data-testid="registration-documents">
        {documents.map((document) => (
          <DocumentItem
            key={document.cuid}
            document={document}
            format={format}
            formOpen={formsOpen}
            page={pageOf?.(document.cuid) ?? null}
          />
        ))}
      </ul>
    </AccountCard>
  );
}

function DocumentItem({
  document,
  format,
  formOpen,
  page,
}: {
  document: DocumentView;
  format: Formatters;
  formOpen: boolean;
  page: string | null;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(formOpen);
  const formId = useId();
  const elements = document.pages.flatMap((page) => page.elements);
  const { availability } = document;
  return (
    <li className="@container py-4 first:pt-0 last:pb-0" data-testid="registration-document">
      <div className="flex flex-col gap-3 @xl:flex-row @xl:items-start">
        <div className="flex min-w-0 flex-1 gap-3">
          <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-accent-soft text-accent-ink">
            <DocumentIcon icon={document.icon} className="size-5" />
          </span>
          <div className="min-w-0">
            <p className="font-medium break-words text-slate-900">
              {page ? (
                <LocalizedLink to={page} className="hover:underline">
                  {document.title}
                </LocalizedLink>
              ) : (
                document.title
              )}
            </p>
            {document.description ? (
              <p className="mt-0.5 text-sm text-pretty text-slate-600">{document.description}</p>
            ) : null}
            {availability.state === "UNAVAILABLE" ? (
              <ul className="mt-2 flex flex-col gap-1" data-testid="document-unavailable">
                {availability.amount_owed !== null ? (
                  <Reason>
                    {t("documents.owed", { amount: format.money(availability.amount_owed) })}
                  </Reason>
                ) : null}
                {availability.available_from !== null ? (
                  <Reason>
                    {t("documents.available_from", {
                      date: format.dateTime(availability.available_from),
                    })}
                  </Reason>
                ) : null}
              </ul>
            ) : null}
          </div>
        </div>
        <div className="shrink-0 pl-13 @xl:pl-3">
          {availability.state === "UNAVAILABLE" ? (
            <span className="inline-flex items-center gap-1.5 rounded-full bg-slate-100 px-3 py-1 text-sm font-medium text-slate-700">
              <LockIcon className="size-3.5" />
              {t("documents.unavailable")}
            </span>
          ) : elements.length === 0 ? (
            <a
              href={document.download_url}
              download
              className={buttonClasses("secondary")}
              aria-label={t("documents.download_named", { title: document.title })}
              data-testid="document-download"
            >
              <DownloadIcon className="size-4" />
              {t("documents.download")}
            </a>
          ) : (
            <Button
              variant="secondary"
              aria-expanded={open}
              aria-controls={open ? formId : undefined}
              onClick={() => setOpen((value) => !value)}
              data-testid="document-complete"
            >
              <DownloadIcon className="size-4" />
              {t("documents.complete")}
            </Button>
          )}
        </div>
      </div>
      {availability.state === "AVAILABLE" && elements.length > 0 && open ? (
        <CustomElementsForm
          id={formId}
          document={document}
          elements={elements}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </li>
  );
}

function Reason({ children }: { children: string }) {
  return (
    <li className="flex gap-1.5 text-sm text-amber-900">
      <InfoIcon className="mt-0.5 size-4 shrink-0" />
      <span>{children}</span>
    </li>
  );
}

function toDomain(elements: CustomElementView[]): DocumentCustomElement[] {
  return elements.map((element) => ({
    id: element.id,
    type: element.type,
    custom_field: element.custom_field,
  }));
}

/** The values worth sending: empty texts and lists are left out (an optional field). */
function filled(values: Values): Record<string, string | string[]> {
  return Object.fromEntries(
    Object.entries(values).filter(([, value]) =>
      Array.isArray(value) ? value.length > 0 : value.trim() !== "",
    ),
  );
}

function CustomElementsForm({
  id,
  document,
  elements,
  onClose,
}: {
  id: string;
  document: DocumentView;
  elements: CustomElementView[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const handleError = useSubmitErrorHandler();
  const domainElements = toDomain(elements);
  const keys = elements.map((element) => customElementKey(element.id));
  const schema = z
    .record(z.string(), z.union([z.string(), z.array(z.string())]))
    .superRefine((values, ctx) => {
      const result = validateCustomElementInputs(domainElements, filled(values));
      if (result.ok) return;
      for (const [key, code] of Object.entries(result.errors)) {
        ctx.addIssue({ code: "custom", path: [key], message: code });
      }
    });
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: Object.fromEntries(
      elements.map((element) => [
        customElementKey(element.id),
        element.custom_field.type === "CHOICES_MULTIPLE" ? [] : "",
      ]),
    ),
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(filled(values))) {
      for (const item of Array.isArray(value) ? value : [value]) query.append(key, item);
    }
    const url = `${document.download_url}&${query.toString()}`;
    try {
      await downloadDocument(url, `${document.title}.pdf`);
      toastSuccess(t("documents.downloaded"));
    } catch (error) {
      handleError(error, form.setError, (path) => (keys.includes(path) ? path : null));
    }
  });

  return (
    <form
      id={id}
      noValidate
      onSubmit={submit}
      className="mt-4 flex flex-col gap-4 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200"
      data-testid="document-form"
    >
      <p className="text-sm text-slate-700">{t("documents.form_intro")}</p>
      {elements.map((element) => {
        const key = customElementKey(element.id);
        return (
          <CustomFieldInput
            key={key}
            field={element.custom_field}
            registration={form.register(key)}
            error={errors[key]?.message}
          />
        );
      })}
      <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onClose}>
          {t("documents.close")}
        </Button>
        <SubmitButton pending={isSubmitting} data-testid="document-form-submit">
          {isSubmitting ? t("documents.preparing") : t("documents.download")}
        </SubmitButton>
      </div>
    </form>
  );
}
