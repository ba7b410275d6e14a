import { IMAGE_UPLOAD } from "@booking/contracts";
import { useRef, useState } from "react";
import { useTranslation } from "../../../i18n/react";
import { useAdminMutation } from "../../../lib/admin/mutation";
import { websiteSettingsApi } from "../../../lib/admin/website-settings-api";
import { ImageIcon, TrashIcon } from "../../icons";
import { Button } from "../../ui/button";
import { Spinner } from "../../ui/spinner";

/**
 * The site's favicon: its preview at the sizes a browser tab and a bookmark show it, an upload
 * (made square by the server) and its removal (the platform's icon again). Saved at once.
 */
export function FaviconField({ url, editable }: { url: string | null; editable: boolean }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const upload = useAdminMutation(websiteSettingsApi.uploadFavicon, {
    success: t("admin.website_settings.favicon.uploaded"),
  });
  const remove = useAdminMutation(websiteSettingsApi.removeFavicon, {
    success: t("admin.website_settings.favicon.removed"),
  });
  const shown = url ?? "/favicon.svg";

  async function send(files: FileList | null) {
    const file = files?.[0];
    if (!file || uploading) return;
    setUploading(true);
    await upload.mutate(file);
    if (input.current) input.current.value = "";
    setUploading(false);
  }

  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-end gap-4">
        {[16, 32, 64].map((size) => (
          <img
            key={size}
            src={shown}
            alt={size === 64 ? t("admin.website_settings.favicon.preview") : ""}
            width={size}
            height={size}
            className="rounded-sm border border-slate-200 bg-white"
            data-testid={size === 64 ? "favicon-preview" : undefined}
          />
        ))}
        {url ? null : (
          <span className="text-sm text-slate-600">
            {t("admin.website_settings.favicon.platform")}
          </span>
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
            data-testid="favicon-file"
            onChange={(event) => send(event.target.files)}
          />
          <Button variant="secondary" onClick={() => input.current?.click()} disabled={uploading}>
            {uploading ? <Spinner /> : <ImageIcon className="size-4" />}
            {t(
              url
                ? "admin.website_settings.favicon.replace"
                : "admin.website_settings.favicon.upload",
            )}
          </Button>
          {url ? (
            <Button variant="ghost" onClick={() => remove.mutate()} disabled={remove.pending}>
              <TrashIcon className="size-4" />
              {t("admin.website_settings.favicon.remove")}
            </Button>
          ) : null}
        </div>
      ) : null}
      <p className="text-sm text-slate-600">{t("admin.website_settings.favicon.hint")}</p>
    </div>
  );
}
