import { type AdminImageView, IMAGE_UPLOAD } from "@booking/contracts";
import { useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { useTranslation } from "../../../i18n/react";
import type { GalleryApi } from "../../../lib/admin/gallery-api";
import { useAdminMutation } from "../../../lib/admin/mutation";
import { ApiRequestError } from "../../../lib/api";
import { toastFormError, toastSuccess, translateErrorCode } from "../../../lib/toast";
import { ImageIcon } from "../../icons";
import { Button } from "../../ui/button";
import { inputClasses } from "../../ui/field";
import { Spinner } from "../../ui/spinner";
import { EmptyState } from "../empty-state";
import { DeleteButton } from "./delete-button";
import { MoveButtons, movedOrder } from "./move-buttons";

/**
 * A record's images (an activity's, a blog article's): upload photos (resized by the server),
 * describe them for screen readers, order them (the first is the one cards and pages show
 * first), remove. `editable`: whether the collaborator may change the record.
 */
export function ImagesTab({
  gallery,
  images,
  editable,
}: {
  gallery: GalleryApi;
  images: AdminImageView[];
  editable: boolean;
}) {
  const { t } = useTranslation();
  const reorder = useAdminMutation((cuids: string[]) => gallery.order(cuids));
  const cuids = images.map((image) => image.cuid);

  return (
    <section aria-labelledby="images-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="images-heading" className="text-lg font-semibold text-slate-950">
            {t("admin.images.heading")}
          </h2>
          <p className="text-sm text-slate-600">
            {t("admin.images.intro", {
              count: IMAGE_UPLOAD.maxImagesPerActivity,
              size: IMAGE_UPLOAD.maxBytes / 1024 / 1024,
            })}
          </p>
        </div>
        {editable ? (
          <UploadButton
            gallery={gallery}
            full={images.length >= IMAGE_UPLOAD.maxImagesPerActivity}
          />
        ) : null}
      </div>
      {images.length === 0 ? (
        <div className="rounded-xl border border-slate-200 bg-white">
          <EmptyState icon={ImageIcon} title={t("admin.images.empty")} />
        </div>
      ) : (
        <ul
          className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3"
          data-testid="images-list"
        >
          {images.map((image, index) => (
            <li
              key={image.cuid}
              className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-xs"
            >
              <img
                src={image.thumbnail_url}
                alt={image.alt ?? ""}
                className="aspect-[4/3] w-full bg-slate-100 object-cover"
                loading="lazy"
              />
              <div className="flex flex-col gap-2 p-3">
                {index === 0 ? (
                  <span className="text-xs font-semibold text-sky-800">
                    {t("admin.images.cover")}
                  </span>
                ) : null}
                <AltText gallery={gallery} image={image} editable={editable} />
                {editable ? (
                  <div className="flex items-center justify-between">
                    <MoveButtons
                      index={index}
                      count={images.length}
                      label={t("admin.images.number", { index: index + 1 })}
                      disabled={reorder.pending}
                      onMove={(delta) => reorder.mutate(movedOrder(cuids, index, delta))}
                    />
                    <DeleteButton
                      name={t("admin.images.number", { index: index + 1 })}
                      title={t("admin.images.delete_title")}
                      description={t("admin.images.delete_description")}
                      done={t("admin.images.deleted")}
                      remove={() => gallery.remove(image.cuid)}
                    />
                  </div>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Picks files and uploads them one after the other; each refusal is said with its file's name. */
function UploadButton({ gallery, full }: { gallery: GalleryApi; full: boolean }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const { revalidate } = useRevalidator();
  const [uploading, setUploading] = useState(false);

  async function upload(files: FileList | null) {
    if (!files || files.length === 0 || uploading) return;
    setUploading(true);
    let added = 0;
    for (const file of Array.from(files)) {
      try {
        await gallery.upload(file);
        added += 1;
      } catch (error) {
        const code = error instanceof ApiRequestError ? error.code : "UNKNOWN_ERROR";
        toastFormError(`${file.name}: ${translateErrorCode(t, code)}`);
      }
    }
    if (input.current) input.current.value = "";
    if (added > 0) {
      toastSuccess(t("admin.images.uploaded", { count: added }));
      await revalidate();
    }
    setUploading(false);
  }

  return (
    <>
      <input
        ref={input}
        type="file"
        accept={IMAGE_UPLOAD.accept}
        multiple
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="image-file"
        onChange={(event) => upload(event.target.files)}
      />
      <Button onClick={() => input.current?.click()} disabled={uploading || full}>
        {uploading ? <Spinner /> : <ImageIcon className="size-4" />}
        {t(full ? "admin.images.full" : "admin.images.upload")}
      </Button>
    </>
  );
}

function AltText({
  gallery,
  image,
  editable,
}: {
  gallery: GalleryApi;
  image: AdminImageView;
  editable: boolean;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState(image.alt ?? "");
  const { mutate } = useAdminMutation((alt: string) => gallery.update(image.cuid, { alt }), {
    success: t("admin.images.alt_saved"),
  });
  const save = () => {
    if (value.trim() !== (image.alt ?? "")) void mutate(value);
  };
  if (!editable) return <p className="text-sm text-slate-700">{image.alt ?? "—"}</p>;
  return (
    <input
      type="text"
      value={value}
      maxLength={255}
      onChange={(event) => setValue(event.target.value)}
      onBlur={save}
      onKeyDown={(event) => {
        if (event.key === "Enter") {
          event.preventDefault();
          save();
        }
      }}
      aria-label={t("admin.images.alt")}
      placeholder={t("admin.images.alt")}
      className={`${inputClasses(false)} py-1.5 text-sm`}
    />
  );
}
