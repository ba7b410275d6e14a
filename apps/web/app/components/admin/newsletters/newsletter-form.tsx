import {
  IMAGE_UPLOAD,
  type NewsletterPreview,
  type NewsletterView,
  newsletterBody,
  type SegmentWithCount,
} from "@booking/contracts";
import Image from "@tiptap/extension-image";
import type { Editor } from "@tiptap/react";
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { useTranslation } from "../../../i18n/react";
import { useAdminForm } from "../../../lib/admin/form";
import { useAdminMutation } from "../../../lib/admin/mutation";
import { newsletterPath, newslettersApi } from "../../../lib/admin/newsletters-api";
import { SubmitButton } from "../../ui/button";
import { TextField } from "../../ui/field";
import { RichTextEditor } from "../catalogue/rich-text-editor";
import { SelectField } from "../fields";
import { FormPanel } from "../form-panel";

/** Images sit on their own line, addressed as stored (/uploads/…); the server keeps only those. */
const IMAGE_EXTENSIONS = [Image.configure({ inline: false, allowBase64: false })];

/** The toolbar's image button: uploads the file chosen and inserts it at the cursor. */
function ImageButton({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement | null>(null);
  const upload = useAdminMutation((file: File) => newslettersApi.uploadImage(file), {
    revalidate: false,
  });
  return (
    <>
      <button
        type="button"
        className="inline-flex min-h-8 items-center rounded-md px-2 text-sm font-semibold text-sky-800 ring-1 ring-slate-300 hover:bg-slate-100 disabled:opacity-60"
        disabled={upload.pending}
        onClick={() => input.current?.click()}
        data-testid="newsletter-image"
      >
        {t("admin.newsletters.form.image")}
      </button>
      <input
        ref={input}
        type="file"
        accept={IMAGE_UPLOAD.accept}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={async (event) => {
          const file = event.target.files?.[0];
          event.target.value = "";
          if (!file) return;
          const outcome = await upload.mutate(file);
          if (outcome.ok)
            editor.chain().focus().setImage({ src: outcome.value.url, alt: "" }).run();
        }}
      />
    </>
  );
}

/** The server renders the preview this long after the last keystroke. */
const PREVIEW_DELAY_MS = 500;

/** The mail as readers get it (organiser's layout, unsubscribe link), rendered by the server. */
export function NewsletterPreviewFrame({ subject, content }: { subject: string; content: string }) {
  const { t } = useTranslation();
  const [preview, setPreview] = useState<NewsletterPreview | null>(null);
  useEffect(() => {
    if (!subject.trim() || !content.trim()) return;
    let current = true;
    const timer = setTimeout(() => {
      newslettersApi
        .preview({ subject, content })
        .then((result) => {
          if (current) setPreview(result);
        })
        // A template that does not render keeps the last good preview; saving says why.
        .catch(() => undefined);
    }, PREVIEW_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [subject, content]);
  return (
    <FormPanel title={t("admin.newsletters.form.preview")}>
      {preview ? (
        <>
          <p className="text-sm font-semibold text-slate-900" data-testid="preview-subject">
            {preview.subject}
          </p>
          <iframe
            title={t("admin.newsletters.form.preview")}
            srcDoc={preview.html}
            sandbox="allow-same-origin"
            className="h-[32rem] w-full rounded-md border border-slate-200 bg-white"
            data-testid="newsletter-preview"
          />
        </>
      ) : (
        <p className="text-sm text-slate-600">{t("admin.newsletters.form.preview_empty")}</p>
      )}
    </FormPanel>
  );
}

/**
 * A newsletter's subject, segment and rich content beside its preview. Without `newsletter` it
 * creates a draft and opens it.
 */
export function NewsletterForm({
  newsletter,
  segments,
}: {
  newsletter: NewsletterView | null;
  segments: readonly SegmentWithCount[];
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { form, field, richText, onSubmit, pending } = useAdminForm({
    schema: newsletterBody,
    defaultValues: {
      subject: newsletter?.subject ?? "",
      content: newsletter?.content ?? "",
      segment:
        newsletter?.segment.cuid ??
        segments.find((segment) => segment.default && segment.entity === "CUSTOMERS")?.cuid ??
        "",
    },
    send: (values) =>
      newsletter ? newslettersApi.update(newsletter.cuid, values) : newslettersApi.create(values),
    success: t(newsletter ? "admin.newsletters.form.updated" : "admin.newsletters.form.created"),
    revalidate: Boolean(newsletter),
    onSuccess: (saved) => {
      if (!newsletter) navigate(newsletterPath(saved.cuid));
    },
  });
  const subject = form.watch("subject");
  const content = form.watch("content");
  const options = segments.some((segment) => segment.cuid === newsletter?.segment.cuid)
    ? segments
    : [...segments, ...(newsletter ? [{ ...newsletter.segment, recipients: null }] : [])];
  return (
    <form method="post" onSubmit={onSubmit} noValidate className="grid gap-6 xl:grid-cols-2">
      <div className="flex min-w-0 flex-col gap-5">
        <TextField
          label={t("admin.newsletters.form.subject")}
          autoComplete="off"
          data-testid="newsletter-subject"
          {...field("subject")}
        />
        <SelectField
          label={t("admin.newsletters.form.segment")}
          hint={t("admin.newsletters.form.segment_hint")}
          options={options.map((segment) => ({
            value: segment.cuid,
            label:
              "recipients" in segment && segment.recipients !== null
                ? t("admin.newsletters.form.segment_option", {
                    name: segment.name,
                    count: segment.recipients,
                  })
                : segment.name,
          }))}
          data-testid="newsletter-segment"
          {...field("segment")}
        />
        <RichTextEditor
          label={t("admin.newsletters.form.content")}
          hint={t("admin.newsletters.form.content_hint")}
          testId="newsletter-content"
          extensions={IMAGE_EXTENSIONS}
          toolbarEnd={(editor) => <ImageButton editor={editor} />}
          {...richText("content")}
        />
        <div className="flex justify-end">
          <SubmitButton pending={pending} data-testid="save-newsletter">
            {t(newsletter ? "admin.newsletters.form.save" : "admin.newsletters.form.create")}
          </SubmitButton>
        </div>
      </div>
      <div className="min-w-0 xl:sticky xl:top-4 xl:self-start">
        <NewsletterPreviewFrame subject={subject} content={content} />
      </div>
    </form>
  );
}
