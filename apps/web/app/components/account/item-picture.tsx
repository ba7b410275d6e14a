import { clsx } from "clsx";
import type { ComponentType } from "react";
import type { IconProps } from "../icons";

const SIZES = {
  md: { box: "size-16 sm:size-20", icon: "size-7" },
  lg: { box: "size-20 sm:size-24", icon: "size-8" },
};

/**
 * The thumbnail of an account item (a registration, a bundle, a voucher…): its picture, or its
 * pictogram on the accent colour when it has none.
 */
export function ItemPicture({
  picture,
  icon: FallbackIcon,
  size = "md",
}: {
  picture: { url: string; alt: string } | null;
  icon: ComponentType<IconProps>;
  size?: keyof typeof SIZES;
}) {
  const { box, icon } = SIZES[size];
  return picture ? (
    <img
      src={picture.url}
      alt={picture.alt}
      loading="lazy"
      className={clsx(box, "shrink-0 rounded-xl object-cover")}
    />
  ) : (
    <span
      aria-hidden="true"
      className={clsx(
        box,
        "flex shrink-0 items-center justify-center rounded-xl bg-accent-soft text-accent-ink",
      )}
    >
      <FallbackIcon className={icon} />
    </span>
  );
}
