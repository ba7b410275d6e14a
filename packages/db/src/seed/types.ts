import type { ActivitySettings, QuestionType, RegistrationFlow } from "../schema/activities.ts";
import type { AvailabilityStatus } from "../schema/availabilities.ts";
import type { SegmentEntity } from "../schema/catalogs.ts";
import type { CategoryGroupScope } from "../schema/catalogue.ts";
import type { MembershipPeriodType, PeriodUnit, ProductEntity } from "../schema/commerce.ts";
import type { Choice, CustomFieldEntity, CustomFieldType } from "../schema/customers.ts";
import type { organisers } from "../schema/organisers.ts";
import type { ResourceSlotPrice } from "../schema/resources.ts";
import type { DemoImageName } from "./images.ts";

// A declarative description of one demo organiser; writer.ts turns it into rows. Cross-references
// use keys local to the description, since ids only exist once the rows are written.

export type Slot = { startAt: Date; endAt: Date };

export type DemoCustomField = {
  key: string;
  entity: CustomFieldEntity;
  type: CustomFieldType;
  title: string;
  description?: string;
  required?: boolean;
  active?: boolean;
  pattern?: string;
  choices?: Choice[];
};

export type DemoLocation = {
  key: string;
  title: string;
  name?: string;
  street: string;
  number: string;
  postcode: string;
  city: string;
  country: string;
};

export type DemoCategoryGroup = {
  title: string;
  scope: CategoryGroupScope;
  categories: { key: string; title: string }[];
};

export type DemoOption = {
  title: string;
  description?: string;
  answerRequired?: boolean;
  prices: { label: string; amount?: number; percentage?: number }[];
};

export type DemoQuestion = {
  type: QuestionType;
  title: string;
  description?: string;
  required?: boolean;
  choices?: Choice[];
};

export type DemoAvailability = {
  location: string;
  /** Key of the resource (court, room) it takes place on. */
  resource?: string;
  slots: Slot[];
  status?: AvailabilityStatus;
  /** Defaults to the activity's default capacity. */
  capacity?: number | null;
  price?: number;
  deposit?: number;
  /** Places taken on each date (FULL dates and FULL availabilities take them all). */
  registered?: number;
  /** Indexes of dates that are FULL although the availability is OPEN. */
  fullDates?: number[];
  registrationsStartAt?: Date | null;
  registrationsEndAt?: Date | null;
  categories?: string[];
  /** Default to the activity's ages (an age group of a class). */
  ageMinimum?: number;
  ageMaximum?: number;
};

export type DemoActivity = {
  /** Referred to by catalogs and segments. */
  key: string;
  title: string;
  description: string;
  instructions?: string;
  ageMinimum: number;
  ageMaximum: number;
  /** Null: no limit. */
  defaultCapacity: number | null;
  defaultPrice: number;
  defaultDeposit: number;
  registrationFlow?: RegistrationFlow;
  settings?: Partial<ActivitySettings>;
  published?: boolean;
  images: DemoImageName[];
  categories: string[];
  options?: DemoOption[];
  questions?: DemoQuestion[];
  availabilities: DemoAvailability[];
};

export type DemoBundle = {
  key: string;
  title: string;
  description: string;
  price: number;
  capacity: number | null;
  duration?: number | null;
  expiresAt?: Date | null;
  entity: ProductEntity;
  images: DemoImageName[];
  /** Keys of the activities whose registrations the bundle pays for. */
  activities: string[];
};

/** A volume-discount tier: `amount` per place or `percentage` % from `minRegistrations`. */
export type DemoVolumeDiscount = {
  minRegistrations: number;
  amount?: number;
  percentage?: number;
  active?: boolean;
};

export type DemoMembership = {
  title: string;
  description: string;
  price: number;
  entity: ProductEntity;
  periodType: MembershipPeriodType;
  fixedPeriodStartAt?: Date;
  fixedPeriodEndAt?: Date;
  rollingPeriodType?: PeriodUnit;
  rollingPeriodDuration?: number;
  images: DemoImageName[];
};

export type DemoVoucher = {
  title: string;
  description: string;
  price: number;
  amount: number;
  bundle?: string;
  duration?: number | null;
  images: DemoImageName[];
};

export type DemoCoupon = {
  title: string;
  label: string;
  code: string;
  amount?: number;
  percentage?: number;
  active?: boolean;
  minTotalAmount?: number;
};

export type DemoParticipant = {
  firstname: string;
  lastname: string;
  birthdate: string;
  customData?: Record<string, string>;
};

export type DemoCustomer = {
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
  /** Whether the customer can log in with the demo password. */
  canLogIn: boolean;
  /** Opted in to the organiser's newsletter when registering. */
  newsletter?: boolean;
  walletAmount?: number;
  /** Values by custom-field key. */
  customData?: Record<string, string>;
  participants: DemoParticipant[];
};

export type DemoCatalog = {
  key: string;
  name: string;
  description?: string;
  /** Activity keys. */
  activities: string[];
};

export type DemoSegment = {
  key: string;
  entity: SegmentEntity;
  name: string;
  isDefault?: boolean;
  /** By demo keys; the writer stores the cuids. */
  conditions?: { activities?: string[]; locations?: string[]; categories?: string[] };
};

export type DemoCalendarPeriod = {
  key: string;
  name: string;
  startDate: string;
  endDate: string;
};

export type DemoResourceSlot = {
  startAt: Date;
  /** The first price sets the slot's length. */
  prices: ResourceSlotPrice[];
};

export type DemoResource = {
  key: string;
  name: string;
  description?: string;
  location: string;
  images: DemoImageName[];
  /**
   * Bookable slots; the writer drops the prices (and slots) that would overlap an availability
   * taking place on the resource.
   */
  slots: DemoResourceSlot[];
};

export type DemoOrganiser = {
  organiser: Omit<typeof organisers.$inferInsert, "id" | "cuid" | "createdAt" | "updatedAt">;
  ownerRoleName: string;
  customFields: DemoCustomField[];
  locations: DemoLocation[];
  categoryGroups: DemoCategoryGroup[];
  calendarPeriods: DemoCalendarPeriod[];
  resources: DemoResource[];
  activities: DemoActivity[];
  catalogs: DemoCatalog[];
  segments: DemoSegment[];
  bundles: DemoBundle[];
  memberships: DemoMembership[];
  vouchers: DemoVoucher[];
  coupons: DemoCoupon[];
  volumeDiscounts: DemoVolumeDiscount[];
  customers: DemoCustomer[];
};
