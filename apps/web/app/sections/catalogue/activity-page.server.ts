import { defineLoader } from "../types";
import { loadActivityPage } from "./activity-page-data";

/** The activity, its availabilities (list or day view) and the breadcrumb of its page. */
export const activityPageLoader = defineLoader("section:activity-page", loadActivityPage);
