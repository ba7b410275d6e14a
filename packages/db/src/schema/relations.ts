import { relations } from "drizzle-orm";
import {
  activities,
  activityCategories,
  activityImages,
  activityOptionPrices,
  activityOptions,
  activityQuestions,
} from "./activities.ts";
import { availabilities, availabilityCategories, availabilityDates } from "./availabilities.ts";
import { catalogActivities, catalogs } from "./catalogs.ts";
import { categories, categoryGroups, images, locations } from "./catalogue.ts";
import {
  collaboratorRoles,
  collaboratorSessions,
  collaborators,
  organiserCollaborators,
} from "./collaborators.ts";
import {
  bundleImages,
  bundles,
  membershipImages,
  memberships,
  voucherImages,
  vouchers,
} from "./commerce.ts";
import { customerSessions, customers, participants, passwordResetTokens } from "./customers.ts";
import { organisers } from "./organisers.ts";
import { pageElements, pages } from "./pages.ts";
import { resourceImages, resourceSlots, resources } from "./resources.ts";

// Relations for drizzle's relational queries (`db.query.x.findMany({ with })`). They join on the
// single id: ids are unique across organisers, and the composite foreign keys already guarantee
// that both rows belong to the same organiser.

export const organisersRelations = relations(organisers, ({ many }) => ({
  collaborators: many(organiserCollaborators),
  roles: many(collaboratorRoles),
}));

export const collaboratorsRelations = relations(collaborators, ({ many }) => ({
  organisers: many(organiserCollaborators),
  sessions: many(collaboratorSessions),
}));

export const collaboratorSessionsRelations = relations(collaboratorSessions, ({ one }) => ({
  collaborator: one(collaborators, {
    fields: [collaboratorSessions.collaboratorId],
    references: [collaborators.id],
  }),
}));

export const collaboratorRolesRelations = relations(collaboratorRoles, ({ one, many }) => ({
  organiser: one(organisers, {
    fields: [collaboratorRoles.organiserId],
    references: [organisers.id],
  }),
  members: many(organiserCollaborators),
}));

export const organiserCollaboratorsRelations = relations(organiserCollaborators, ({ one }) => ({
  organiser: one(organisers, {
    fields: [organiserCollaborators.organiserId],
    references: [organisers.id],
  }),
  collaborator: one(collaborators, {
    fields: [organiserCollaborators.collaboratorId],
    references: [collaborators.id],
  }),
  role: one(collaboratorRoles, {
    fields: [organiserCollaborators.roleId],
    references: [collaboratorRoles.id],
  }),
}));

export const customersRelations = relations(customers, ({ many }) => ({
  participants: many(participants),
  sessions: many(customerSessions),
  passwordResetTokens: many(passwordResetTokens),
}));

export const customerSessionsRelations = relations(customerSessions, ({ one }) => ({
  customer: one(customers, { fields: [customerSessions.customerId], references: [customers.id] }),
  impersonator: one(collaborators, {
    fields: [customerSessions.impersonatorCollaboratorId],
    references: [collaborators.id],
  }),
}));

export const passwordResetTokensRelations = relations(passwordResetTokens, ({ one }) => ({
  customer: one(customers, {
    fields: [passwordResetTokens.customerId],
    references: [customers.id],
  }),
}));

export const participantsRelations = relations(participants, ({ one }) => ({
  customer: one(customers, { fields: [participants.customerId], references: [customers.id] }),
}));

export const categoryGroupsRelations = relations(categoryGroups, ({ many }) => ({
  categories: many(categories),
}));

export const categoriesRelations = relations(categories, ({ one }) => ({
  group: one(categoryGroups, { fields: [categories.groupId], references: [categoryGroups.id] }),
}));

export const activitiesRelations = relations(activities, ({ many }) => ({
  images: many(activityImages),
  categories: many(activityCategories),
  options: many(activityOptions),
  questions: many(activityQuestions),
  availabilities: many(availabilities),
  catalogs: many(catalogActivities),
}));

export const activityImagesRelations = relations(activityImages, ({ one }) => ({
  activity: one(activities, { fields: [activityImages.activityId], references: [activities.id] }),
  image: one(images, { fields: [activityImages.imageId], references: [images.id] }),
}));

export const activityCategoriesRelations = relations(activityCategories, ({ one }) => ({
  activity: one(activities, {
    fields: [activityCategories.activityId],
    references: [activities.id],
  }),
  category: one(categories, {
    fields: [activityCategories.categoryId],
    references: [categories.id],
  }),
}));

export const activityOptionsRelations = relations(activityOptions, ({ one, many }) => ({
  activity: one(activities, { fields: [activityOptions.activityId], references: [activities.id] }),
  prices: many(activityOptionPrices),
}));

export const activityOptionPricesRelations = relations(activityOptionPrices, ({ one }) => ({
  option: one(activityOptions, {
    fields: [activityOptionPrices.optionId],
    references: [activityOptions.id],
  }),
}));

export const activityQuestionsRelations = relations(activityQuestions, ({ one }) => ({
  activity: one(activities, {
    fields: [activityQuestions.activityId],
    references: [activities.id],
  }),
}));

export const availabilitiesRelations = relations(availabilities, ({ one, many }) => ({
  activity: one(activities, { fields: [availabilities.activityId], references: [activities.id] }),
  location: one(locations, { fields: [availabilities.locationId], references: [locations.id] }),
  resource: one(resources, { fields: [availabilities.resourceId], references: [resources.id] }),
  dates: many(availabilityDates),
  categories: many(availabilityCategories),
}));

export const availabilityCategoriesRelations = relations(availabilityCategories, ({ one }) => ({
  availability: one(availabilities, {
    fields: [availabilityCategories.availabilityId],
    references: [availabilities.id],
  }),
  category: one(categories, {
    fields: [availabilityCategories.categoryId],
    references: [categories.id],
  }),
}));

export const availabilityDatesRelations = relations(availabilityDates, ({ one }) => ({
  availability: one(availabilities, {
    fields: [availabilityDates.availabilityId],
    references: [availabilities.id],
  }),
}));

export const bundlesRelations = relations(bundles, ({ many }) => ({
  images: many(bundleImages),
}));

export const bundleImagesRelations = relations(bundleImages, ({ one }) => ({
  bundle: one(bundles, { fields: [bundleImages.bundleId], references: [bundles.id] }),
  image: one(images, { fields: [bundleImages.imageId], references: [images.id] }),
}));

export const membershipsRelations = relations(memberships, ({ many }) => ({
  images: many(membershipImages),
}));

export const membershipImagesRelations = relations(membershipImages, ({ one }) => ({
  membership: one(memberships, {
    fields: [membershipImages.membershipId],
    references: [memberships.id],
  }),
  image: one(images, { fields: [membershipImages.imageId], references: [images.id] }),
}));

export const vouchersRelations = relations(vouchers, ({ one, many }) => ({
  bundle: one(bundles, { fields: [vouchers.bundleId], references: [bundles.id] }),
  images: many(voucherImages),
}));

export const voucherImagesRelations = relations(voucherImages, ({ one }) => ({
  voucher: one(vouchers, { fields: [voucherImages.voucherId], references: [vouchers.id] }),
  image: one(images, { fields: [voucherImages.imageId], references: [images.id] }),
}));

export const catalogsRelations = relations(catalogs, ({ many }) => ({
  activities: many(catalogActivities),
}));

export const catalogActivitiesRelations = relations(catalogActivities, ({ one }) => ({
  catalog: one(catalogs, { fields: [catalogActivities.catalogId], references: [catalogs.id] }),
  activity: one(activities, {
    fields: [catalogActivities.activityId],
    references: [activities.id],
  }),
}));

export const resourcesRelations = relations(resources, ({ one, many }) => ({
  location: one(locations, { fields: [resources.locationId], references: [locations.id] }),
  images: many(resourceImages),
  slots: many(resourceSlots),
  availabilities: many(availabilities),
}));

export const resourceImagesRelations = relations(resourceImages, ({ one }) => ({
  resource: one(resources, { fields: [resourceImages.resourceId], references: [resources.id] }),
  image: one(images, { fields: [resourceImages.imageId], references: [images.id] }),
}));

export const resourceSlotsRelations = relations(resourceSlots, ({ one }) => ({
  resource: one(resources, { fields: [resourceSlots.resourceId], references: [resources.id] }),
}));

export const pagesRelations = relations(pages, ({ many }) => ({
  elements: many(pageElements),
}));

export const pageElementsRelations = relations(pageElements, ({ one, many }) => ({
  page: one(pages, { fields: [pageElements.pageId], references: [pages.id] }),
  parent: one(pageElements, {
    fields: [pageElements.parentId],
    references: [pageElements.id],
    relationName: "page_element_children",
  }),
  children: many(pageElements, { relationName: "page_element_children" }),
}));
