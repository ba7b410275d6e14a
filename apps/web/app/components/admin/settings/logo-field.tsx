import { IMAGE_UPLOAD } from "@booking/contracts";
import { useRef, useState } from "react";
import { useTranslation } from "../../../i18n/react";
import { useAdminMutation } from "../../../lib/admin/mutation";
import { settingsApi } from "../../../lib/admin/settings-api";
import { ImageIcon, TrashIcon } from "../../icons";
import { Button } from "../../ui/button";
import { Spinner } from "../../ui/spinner";
import { ConfirmDialog } from "../dialog";

/**
 * The organiser's logo: its preview as the storefront's header shows it, an upload (the server
 * resizes it and drops the previous file) and its removal. Saved at once, apart from the form.
 */
export function LogoField({ url, editable }: { url: string | null; editable: boolean }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const upload = useAdminMutation((file: File) => settingsApi.uploadLogo(file), {
    success: t("admin.settings.account.logo_uploaded"),
  });
  const remove = useAdminMutation(() => settingsApi.removeLogo(), {
    success: t("admin.settings.account.logo_removed"),
  });

  async function send(files: FileList | null) {
    const file = files?.[0];
    if (!file || uploading) return;
    setUploading(true);
    await upload.mutate(file);
    if (input.current) input.current.value = "";
    setUploading(false);
  }

  return (
    <div className="flex flex-col gap-1.5">
      <span className="text-sm font-medium text-slate-900">{t("admin.settings.account.logo")}</span>
      <div className="flex flex-wrap items-center gap-4">
        <div className="flex size-24 shrink-0 items-center justify-center overflow-hidden rounded-xl border border-slate-200 bg-slate-50">
          {url ? (
            <img
              src={url}
              alt={t("admin.settings.account.logo_preview")}
              className="max-h-full max-w-full object-contain"
              data-testid="logo-preview"
            />
          ) : (
            <ImageIcon className="size-8 text-slate-400" aria-hidden="true" />
          )}
        </div>
        {editable ? (
          <div className="flex flex-wrap gap-2">
            <input
              ref={input}
              type="file"
              accept={IMAGE_UPLOAD.accept}
              className="sr-only"
              tabIndex={-1}
              aria-hidden="true"
              data-testid="logo-file"
              onChange={(event) => send(event.target.files)}
            />
            <Button variant="secondary" onClick={() => input.current?.click()} disabled={uploading}>
              {uploading ? <Spinner /> : <ImageIcon className="size-4" />}
              {t(
                url ? "admin.settings.account.logo_replace" : "admin.settings.account.logo_upload",
              )}
            </Button>
            {url ? (
              <ConfirmDialog
                trigger={
                  <Button variant="ghost">
                    <TrashIcon className="size-4" />
                    {t("admin.settings.account.logo_remove")}
                  </Button>
                }
                title={t("admin.settings.account.logo_remove_title")}
                description={t("admin.settings.account.logo_remove_body")}
                confirmLabel={t("admin.settings.account.logo_remove")}
                onConfirm={async () => (await remove.mutate()).ok}
              />
            ) : null}
          </div>
        ) : null}
      </div>
      <p className="text-sm text-slate-600">
        {t("admin.settings.account.logo_hint", { size: IMAGE_UPLOAD.maxBytes / 1024 / 1024 })}
      </p>
    </div>
  );
}
