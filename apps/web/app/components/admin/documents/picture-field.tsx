import { DOCUMENT_IMAGE_UPLOAD, documentImageUpload } from "@booking/contracts";
import { useId, useState } from "react";
import { useTranslation } from "../../../i18n/react";
import { documentsApi } from "../../../lib/admin/documents-api";
import { ApiRequestError } from "../../../lib/api";
import { TrashIcon } from "../../icons";
import { Button } from "../../ui/button";

// A picture of a document model (a page's background, an IMAGE element): a PNG or JPEG file
// uploaded at once (the server reads its type from the bytes), then named by the model as
// `upload:{cuid}`. A model saved before uploads may hold an address: it still shows, with a
// note asking for a file.

type Props = {
  label: string;
  value: string | null | undefined;
  onChange: (value: string | null) => void;
  /** the save's error on this field, a code of admin.document_models.errors */
  error?: string | undefined;
  disabled?: boolean;
  testId: string;
};

export function PictureField({ label, value, onChange, error, disabled, testId }: Props) {
  const { t } = useTranslation();
  const text = (key: string) => t(`admin.document_models.picture.${key}`);
  const inputId = useId();
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const src = documentsApi.imageSrc(value);

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    setUploadError(null);
    try {
      onChange((await documentsApi.uploadImage(file)).url);
    } catch (failure) {
      const code = failure instanceof ApiRequestError ? failure.code : "";
      setUploadError(
        ["IMAGE_TYPE_UNSUPPORTED", "IMAGE_TOO_LARGE", "IMAGE_FILE_REQUIRED"].includes(code)
          ? code
          : "other",
      );
    } finally {
      setUploading(false);
    }
  };

  const message = uploadError
    ? text(`errors.${uploadError}`)
    : error
      ? t(`admin.document_models.errors.${error}`)
      : null;
  return (
    <div className="flex flex-col gap-1.5 text-sm" data-testid={testId}>
      <span className="font-medium text-slate-900">{label}</span>
      <div className="flex flex-wrap items-center gap-3">
        {src ? (
          <img
            src={src}
            alt={text("alt")}
            className="h-14 max-w-24 rounded border border-slate-300 bg-slate-50 object-contain"
          />
        ) : (
          <span className="text-slate-600">{text("none")}</span>
        )}
        {disabled ? null : (
          <>
            <label
              htmlFor={inputId}
              className="inline-flex min-h-11 cursor-pointer items-center rounded-lg border border-slate-300 bg-white px-3 font-medium text-slate-900 hover:bg-slate-50 focus-within:outline-2 focus-within:outline-sky-600"
            >
              {uploading ? text("uploading") : value ? text("replace") : text("choose")}
              <input
                id={inputId}
                type="file"
                accept={DOCUMENT_IMAGE_UPLOAD.accept}
                className="sr-only"
                disabled={uploading}
                onChange={(event) => {
                  void upload(event.target.files?.[0]);
                  event.target.value = "";
                }}
                data-testid={`${testId}-file`}
              />
            </label>
            {value ? (
              <Button variant="ghost" size="sm" onClick={() => onChange(null)}>
                <TrashIcon className="size-4" />
                {text("remove")}
              </Button>
            ) : null}
          </>
        )}
      </div>
      <span className="text-slate-600">
        {value && !documentImageUpload(value) ? text("legacy") : text("hint")}
      </span>
      {message ? (
        <span className="text-red-700" role="alert">
          {message}
        </span>
      ) : null}
    </div>
  );
}
