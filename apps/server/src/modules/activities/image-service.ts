import { activityGallery } from "../images/gallery-queries.ts";
import { galleryConsole } from "../images/gallery-service.ts";
import { requireActivity } from "./console-service.ts";

/** An activity's gallery: the first image is the one cards and the activity page show first. */
export const activityImagesConsole = galleryConsole({
  link: activityGallery,
  requireOwner: (context, cuid) => requireActivity(context, cuid),
  entity: "activity",
});
