import type { ResourceAvailabilityView, ResourceView } from "@booking/contracts";
import { dayRangeInZone } from "@booking/domain";
import { isDay } from "../../components/filters";
import { createI18n } from "../../i18n";
import { createFormatters, formatDay } from "../../lib/format";
import { defineLoader } from "../types";
import { clockOf, readUrlFilters, sectionLanguage } from "./params";
import type { DailyScheduleData, ResourcesScheduleData } from "./resources-schedules";
import { buildGrid, dateItem, hourBounds, hourRange, type RawScheduleItem } from "./schedule-data";
import { EMPTY_DATES, loadScheduleWeek, WEEK_DATES_LIMIT } from "./schedule-week";

/** The booking page of a slot (storefront.md: /cart/bookings/add, duration in seconds). */
function bookingHref(
  resourceId: number,
  startAt: string,
  price: { duration: number; amount: number },
): string {
  const params = new URLSearchParams({
    resource: String(resourceId),
    start_at: startAt,
    duration: String(price.duration),
    amount: String(price.amount),
  });
  return `/cart/bookings/add?${params.toString()}`;
}

export const availabilitiesResourcesScheduleLoader = defineLoader(
  "section:availabilities-resources-schedule",
  async ({ settings, url, reader, organiser }): Promise<ResourcesScheduleData> => {
    const week = await loadScheduleWeek({ settings, url, reader, organiser });
    const { language, bounds, columns } = week;
    const wanted = new Set(settings.resources);
    const onResources = week.dates.filter(
      (date) =>
        date.availability.resource !== null &&
        (wanted.size === 0 || wanted.has(date.availability.resource.id)),
    );
    const groups = new Map<
      string,
      { activity: string; resource: string; items: RawScheduleItem[] }
    >();
    for (const date of onResources) {
      const resource = date.availability.resource!;
      const key = `${date.availability.activity.cuid}:${resource.cuid}`;
      const group = groups.get(key) ?? {
        activity: date.availability.activity.title,
        resource: resource.name,
        items: [],
      };
      group.items.push(week.item(date));
      groups.set(key, group);
    }
    const allItems = [...groups.values()].flatMap((group) => group.items);
    const range = hourRange(allItems, bounds, organiser.timezone);
    return {
      groups: [...groups.entries()]
        .sort(
          ([, a], [, b]) =>
            a.activity.localeCompare(b.activity, language) ||
            a.resource.localeCompare(b.resource, language),
        )
        .map(([key, group]) => ({
          key,
          activity: group.activity,
          resource: group.resource,
          grid: buildGrid(columns, group.items, bounds, organiser.timezone, range),
        })),
      ...week.nav,
    };
  },
);

export const resourcesDailyScheduleLoader = defineLoader(
  "section:resources-daily-schedule",
  async ({ settings, url, reader, organiser }): Promise<DailyScheduleData> => {
    const now = new Date();
    const clock = clockOf(organiser, now);
    const language = sectionLanguage(url, organiser);
    const { t } = createI18n(language);
    const format = createFormatters(language, organiser.timezone, organiser.currency);
    const filters = readUrlFilters(url);
    const day =
      filters.date && isDay(filters.date) && filters.date > clock.today
        ? filters.date
        : clock.today;
    const { start, end } = dayRangeInZone(day, organiser.timezone);
    const after = (start.getTime() > now.getTime() ? start : now).toISOString();
    const before = end.toISOString();

    const found = await reader.resources(
      settings.resources.length > 0 ? { id: settings.resources.join(",") } : {},
    );
    let resources: ResourceView[] = found.data;
    if (settings.resources.length > 0) {
      // In the order of the setting.
      const byId = new Map(found.data.map((resource) => [resource.id, resource]));
      resources = settings.resources
        .map((id) => byId.get(id))
        .filter((resource): resource is ResourceView => resource !== undefined);
    }
    const ids = resources.map((resource) => resource.id);
    const open = end.getTime() > now.getTime() && ids.length > 0;
    const [slots, dates] = await Promise.all([
      open
        ? reader.resourceAvailabilities({ resources: ids.join(","), after, before })
        : Promise.resolve({ data: [] as ResourceAvailabilityView[] }),
      open
        ? reader.availabilityDates({
            status: "OPEN,FULL",
            after,
            before,
            limit: String(WEEK_DATES_LIMIT),
          })
        : Promise.resolve(EMPTY_DATES),
    ]);

    const known = new Set(ids);
    const items: RawScheduleItem[] = [];
    for (const slot of slots.data) {
      const price = slot.prices[0];
      if (!price || !known.has(slot.resource_id)) continue;
      const endAt = new Date(
        new Date(slot.start_at).getTime() + price.duration * 1000,
      ).toISOString();
      const lowest = Math.min(...slot.prices.map((item) => item.amount));
      const priceText =
        slot.prices.length > 1
          ? t("schedules.slot.from", { price: format.money(lowest) })
          : format.money(price.amount);
      items.push({
        key: `slot-${slot.resource_id}-${slot.start_at}`,
        href: bookingHref(slot.resource_id, slot.start_at, price),
        title: `${t("schedules.slot.title")} · ${priceText}`,
        subtitle: null,
        time: format.timeRange(slot.start_at, endAt),
        status: "BOOKABLE",
        disabled: false,
        capacity: null,
        opensAt: null,
        price: null,
        free: false,
        selection: null,
        start_at: slot.start_at,
        end_at: endAt,
        column: String(slot.resource_id),
      });
    }
    for (const date of dates.availabilities_dates.data) {
      const resource = date.availability.resource;
      if (!resource || !known.has(resource.id)) continue;
      items.push({
        ...dateItem(date, {
          language,
          timeZone: organiser.timezone,
          currency: organiser.currency,
          subtitle: "location",
        }),
        column: String(resource.id),
      });
    }
    // One grid per resource group (decision 0071), in the order of their first resource, all
    // with the same hours; resources without a group make one grid without a name.
    const bounds = hourBounds(
      filters.start_hour ?? settings.start_hour,
      filters.end_hour ?? settings.end_hour,
    );
    const range = hourRange(items, bounds, organiser.timezone);
    const groups = new Map<string, { name: string | null; resources: ResourceView[] }>();
    for (const resource of resources) {
      const key = resource.group?.cuid ?? "";
      const group = groups.get(key) ?? { name: resource.group?.name ?? null, resources: [] };
      group.resources.push(resource);
      groups.set(key, group);
    }
    return {
      groups: [...groups.entries()].map(([key, group]) => ({
        key: key || "ungrouped",
        name: group.name,
        grid: buildGrid(
          group.resources.map((resource) => ({
            key: String(resource.id),
            day: null,
            isToday: false,
            label: resource.name,
            fullLabel: resource.location
              ? `${resource.name}, ${resource.location.title}`
              : resource.name,
          })),
          items,
          bounds,
          organiser.timezone,
          range,
        ),
      })),
      empty: items.length === 0,
      day,
      label: formatDay(day, language, {
        weekday: "long",
        day: "numeric",
        month: "long",
        year: "numeric",
      }),
      today: clock.today,
      noResources: resources.length === 0,
    };
  },
);
