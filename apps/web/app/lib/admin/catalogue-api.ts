import type {
  ActivityBody,
  AdminActivityView,
  AdminCalendarPeriodView,
  AdminCatalogView,
  AdminCategoryGroupView,
  AdminCategoryView,
  AdminCustomFieldView,
  AdminLocationView,
  AdminOptionView,
  AdminQuestionView,
  CalendarPeriodBody,
  CatalogBody,
  CategoryBody,
  CategoryGroupBody,
  CategoryOrderBody,
  CustomFieldBody,
  CustomFieldOrderBody,
  LocationBody,
  OptionBody,
  QuestionBody,
} from "@booking/contracts";
import { apiRequest } from "../api";
import { galleryApi } from "./gallery-api";

/**
 * The console's catalogue calls sent by the browser: locations, categories, activities with
 * their options, questions and images, custom fields. Reads go through the loaders.
 */

const path = (...segments: string[]) =>
  `/api/admin/${segments.map((segment) => encodeURIComponent(segment)).join("/")}`;

type Ok = { ok: true };

export const catalogueApi = {
  createLocation: (body: LocationBody) =>
    apiRequest<AdminLocationView>("POST", path("locations"), body),
  updateLocation: (cuid: string, body: LocationBody) =>
    apiRequest<AdminLocationView>("PUT", path("locations", cuid), body),
  deleteLocation: (cuid: string) => apiRequest<Ok>("DELETE", path("locations", cuid)),

  createCatalog: (body: CatalogBody) =>
    apiRequest<AdminCatalogView>("POST", path("catalogs"), body),
  updateCatalog: (cuid: string, body: CatalogBody) =>
    apiRequest<AdminCatalogView>("PUT", path("catalogs", cuid), body),
  deleteCatalog: (cuid: string) => apiRequest<Ok>("DELETE", path("catalogs", cuid)),
  orderCatalogs: (cuids: string[]) =>
    apiRequest<unknown>("PUT", path("catalogs", "order"), { cuids }),
  createCalendarPeriod: (body: CalendarPeriodBody) =>
    apiRequest<AdminCalendarPeriodView>("POST", path("calendar-periods"), body),
  updateCalendarPeriod: (cuid: string, body: CalendarPeriodBody) =>
    apiRequest<AdminCalendarPeriodView>("PUT", path("calendar-periods", cuid), body),
  deleteCalendarPeriod: (cuid: string) => apiRequest<Ok>("DELETE", path("calendar-periods", cuid)),

  createGroup: (body: CategoryGroupBody) =>
    apiRequest<AdminCategoryGroupView>("POST", path("category-groups"), body),
  updateGroup: (cuid: string, body: CategoryGroupBody) =>
    apiRequest<AdminCategoryGroupView>("PUT", path("category-groups", cuid), body),
  deleteGroup: (cuid: string) => apiRequest<Ok>("DELETE", path("category-groups", cuid)),
  orderGroups: (cuids: string[]) =>
    apiRequest<unknown>("PUT", path("category-groups", "order"), { cuids }),
  createCategory: (body: CategoryBody) =>
    apiRequest<AdminCategoryView>("POST", path("categories"), body),
  updateCategory: (cuid: string, body: CategoryBody) =>
    apiRequest<AdminCategoryView>("PUT", path("categories", cuid), body),
  deleteCategory: (cuid: string) => apiRequest<Ok>("DELETE", path("categories", cuid)),
  orderCategories: (body: CategoryOrderBody) =>
    apiRequest<unknown>("PUT", path("categories", "order"), body),

  createActivity: (body: ActivityBody) =>
    apiRequest<AdminActivityView>("POST", path("activities"), body),
  updateActivity: (cuid: string, body: ActivityBody) =>
    apiRequest<AdminActivityView>("PUT", path("activities", cuid), body),
  publishActivity: (cuid: string, published: boolean) =>
    apiRequest<AdminActivityView>("PUT", path("activities", cuid, "published"), { published }),
  deleteActivity: (cuid: string) => apiRequest<Ok>("DELETE", path("activities", cuid)),

  createOption: (activity: string, body: OptionBody) =>
    apiRequest<AdminOptionView>("POST", path("activities", activity, "options"), body),
  updateOption: (activity: string, cuid: string, body: OptionBody) =>
    apiRequest<AdminOptionView>("PUT", path("activities", activity, "options", cuid), body),
  deleteOption: (activity: string, cuid: string) =>
    apiRequest<Ok>("DELETE", path("activities", activity, "options", cuid)),
  orderOptions: (activity: string, cuids: string[]) =>
    apiRequest<unknown>("PUT", path("activities", activity, "options", "order"), { cuids }),

  createQuestion: (activity: string, body: QuestionBody) =>
    apiRequest<AdminQuestionView>("POST", path("activities", activity, "questions"), body),
  updateQuestion: (activity: string, cuid: string, body: QuestionBody) =>
    apiRequest<AdminQuestionView>("PUT", path("activities", activity, "questions", cuid), body),
  deleteQuestion: (activity: string, cuid: string) =>
    apiRequest<Ok>("DELETE", path("activities", activity, "questions", cuid)),
  orderQuestions: (activity: string, cuids: string[]) =>
    apiRequest<unknown>("PUT", path("activities", activity, "questions", "order"), { cuids }),

  activityGallery: (activity: string) => galleryApi(path("activities", activity)),

  createCustomField: (body: CustomFieldBody) =>
    apiRequest<AdminCustomFieldView>("POST", path("custom-fields"), body),
  updateCustomField: (cuid: string, body: CustomFieldBody) =>
    apiRequest<AdminCustomFieldView>("PUT", path("custom-fields", cuid), body),
  deleteCustomField: (cuid: string) => apiRequest<Ok>("DELETE", path("custom-fields", cuid)),
  orderCustomFields: (body: CustomFieldOrderBody) =>
    apiRequest<unknown>("PUT", path("custom-fields", "order"), body),
};
