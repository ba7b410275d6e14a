import { defineElement } from "../types";
import { CardsGrid, type GridData } from "./cards";

// The product and activity grids as drawn; their data is read by grids/loaders.server.ts.

export const membershipsGrid = defineElement<"section:memberships-cards-grid", GridData>({
  key: "section:memberships-cards-grid",
  Component: ({ settings, data, element }) => (
    <CardsGrid kind="memberships" elementId={element.id} settings={settings} data={data} />
  ),
});

export const vouchersGrid = defineElement<"section:vouchers-cards-grid", GridData>({
  key: "section:vouchers-cards-grid",
  Component: ({ settings, data, element }) => (
    <CardsGrid kind="vouchers" elementId={element.id} settings={settings} data={data} />
  ),
});

export const bundlesGrid = defineElement<"section:bundles-grid", GridData>({
  key: "section:bundles-grid",
  Component: ({ settings, data, element }) => (
    <CardsGrid kind="bundles" elementId={element.id} settings={settings} data={data} />
  ),
});

export const activitiesGrid = defineElement<"section:activities-grid", GridData>({
  key: "section:activities-grid",
  Component: ({ settings, data, element }) => (
    <CardsGrid kind="activities" elementId={element.id} settings={settings} data={data} />
  ),
});

export const catalogueGrids = [membershipsGrid, vouchersGrid, bundlesGrid, activitiesGrid];
