import type { ElementNode } from "@booking/contracts";
import { demoImageUrl } from "./images.ts";
import { FAQ_EN, infoPagesEn } from "./pages-en-info.ts";
import {
  block,
  blocks,
  container,
  cuidsOf,
  DEMO_PAGE_REF_KEYS,
  type DemoPage,
  type DemoPageRefs,
  section,
} from "./pages-kit.ts";

// The storefront of "Riverside Sports Club" (demo-en): every page its menus, footer and
// announcement link to (demo-en.ts), the information pages coming from pages-en-info.ts.

/** The camps pages under /camps: the camps catalog narrowed by a segment of demo-en.ts. */
const CAMP_PAGES = [
  {
    path: "/camps/summer",
    segment: "camps-summer",
    tab: "Summer",
    title: "Summer camps",
    subtitle:
      "Football and multi-sport weeks from late July to mid-August, 9:00 to 15:30, with an extended day on request.",
  },
  {
    path: "/camps/football",
    segment: "camps-football",
    tab: "Football",
    title: "Football camps",
    subtitle:
      "Five days of coaching, small-sided games and a Friday tournament at Thames Park, for ages 6 to 12.",
  },
  {
    path: "/camps/multi-sport",
    segment: "camps-multisport",
    tab: "Multi-sport",
    title: "Multi-sport camps",
    subtitle:
      "Dodgeball, cricket, hockey and athletics for children who like to try everything, ages 5 to 11.",
  },
] as const;

const CAMP_TABS = blocks({ padding: "none" }, [
  block("tabs", {
    items: [
      { label: "All camps", href: "/camps" },
      ...CAMP_PAGES.map((page) => ({ label: page.tab, href: page.path })),
    ],
  }),
]);

const CATALOGUE_TABS = blocks({ padding: "none" }, [
  block("tabs", {
    items: [
      { label: "All activities", href: "/catalogue" },
      { label: "Weekly classes", href: "/classes" },
      { label: "Weekly timetable", href: "/timetable" },
    ],
  }),
]);

const header = (title: string, subtitle: string) =>
  section("header", { title, subtitle, breadcrumb: true });

function campsGrid(catalog: string[], segment: string[]): ElementNode {
  return section("availabilities-cards-grid", {
    columns: 3,
    "filters-layout": "stacked",
    filters: ["search", "age", "location"],
    page_size: 12,
    status: ["OPEN", "FULL"],
    catalog,
    segment,
    image_aspect_ratio: "3 / 2",
    properties: ["images", "dates", "price", "capacity", "ages", "location"],
  });
}

export function pagesEn(refs: DemoPageRefs): DemoPage[] {
  const keys = DEMO_PAGE_REF_KEYS.en;
  const camps = cuidsOf(refs.catalogs, keys.campsCatalog);
  const classes = cuidsOf(refs.catalogs, keys.classesCatalog);
  const segment = (key: string) => cuidsOf(refs.segments, key);

  return [
    {
      path: "/",
      type: "DEFAULT",
      title: "Home",
      description:
        "Holiday camps and weekly classes in football, tennis, swimming and multi-sport for children aged 4 to 14 in south-east London.",
      elements: [
        section("split-hero", {
          label: "Holiday camps and weekly classes",
          title: "Sport for every child, all year round",
          description:
            "Football, tennis, swimming and multi-sport for ages 4 to 14, coached by qualified staff at Riverside Leisure Centre and Thames Park.",
          image: demoImageUrl("nature-camp"),
          image_alt: "Children building a den in the woods",
          layout: "full-width",
          origin: "left",
          button_label: "Browse camps",
          button_href: "/camps",
        }),
        blocks({ padding: "small" }, [
          block("alert", {
            title: "Half-term camps",
            text: "Half-term camps fill quickly: club members can book a week before general sale opens.",
          }),
        ]),
        section("basic", { padding: "small" }, [
          container("flex", { justify: "between", align: "end" }, [
            block("heading", { level: 2, text: "Upcoming camps" }),
            block("button", {
              variant: "secondary",
              label: "See the full catalogue",
              href: "/catalogue",
            }),
          ]),
        ]),
        section("availabilities-quick-list", {
          filters: ["search", "date", "date-calendar", "location"],
          catalog: camps,
          page_size: 10,
        }),
        section("basic", { background: "#EFF6FF", padding: "large" }, [
          container("basic", {}, [
            block("heading", {
              level: 2,
              text: "Why families choose Riverside",
              alignment: "center",
            }),
          ]),
          container("flex", { gap: "2rem", justify: "center", align: "start" }, [
            block("feature-highlight", {
              icon: "trophy",
              title: "Qualified coaches",
              text: "Every session is led by FA- or LTA-qualified coaches with enhanced DBS checks and first-aid training.",
            }),
            block("feature-highlight", {
              icon: "clock",
              title: "Days that fit around work",
              text: "On camp weeks, drop off from 8:00 and pick up until 17:30 with the extended-day option.",
            }),
            block("feature-highlight", {
              icon: "heart",
              title: "Every ability welcome",
              text: "Groups are split by age and level, so first-timers and club players both get the most out of each day.",
            }),
          ]),
          container("flex", { justify: "center" }, [
            block("button", { variant: "plain", label: "Meet our coaches", href: "/coaches" }),
          ]),
        ]),
        // The blog's latest articles, below what the organiser offers, above the questions.
        section("blog-latest-articles", { title: "Latest from the blog", count: 3 }),
        blocks({}, [
          block("heading", { level: 2, text: "Frequently asked questions" }),
          block("faq", { items: FAQ_EN.slice(0, 4) }),
          container("flex", {}, [
            block("button", { variant: "secondary", label: "All questions", href: "/faq" }),
            block("button", {
              variant: "plain",
              label: "Call us on 020 7946 0321",
              href: "tel:+442079460321",
            }),
          ]),
        ]),
      ],
    },
    {
      path: "/catalogue",
      type: "DEFAULT",
      title: "Catalogue",
      description:
        "Every camp and class at Riverside Sports Club: search by date, venue, sport or age group.",
      elements: [
        header(
          "Catalogue",
          "Holiday camps and weekly classes: filter by date, venue, sport or programme to find the right session.",
        ),
        CATALOGUE_TABS,
        section("availabilities-cards", {
          filters: ["search", "date", "date-calendar", "location", "categories"],
          page_size: 20,
          status: ["OPEN", "FULL"],
          properties: ["images", "dates", "time", "price", "capacity", "ages", "location"],
        }),
      ],
    },
    {
      path: "/camps",
      type: "DEFAULT",
      title: "Holiday camps",
      description:
        "Riverside holiday camps in every half-term and school holiday: football and multi-sport for ages 5 to 12.",
      elements: [
        header(
          "Holiday camps",
          "Camps in every half-term and school holiday, 9:00 to 15:30. Pick a holiday or a sport.",
        ),
        CAMP_TABS,
        section("availabilities-cards", {
          filters: ["search", "period", "age", "location", "categories"],
          page_size: 20,
          status: ["OPEN", "FULL"],
          catalog: camps,
          properties: ["images", "dates", "price", "capacity", "ages", "location"],
        }),
      ],
    },
    ...CAMP_PAGES.map(
      (page): DemoPage => ({
        path: page.path,
        type: "DEFAULT",
        title: page.title,
        description: page.subtitle,
        elements: [
          header(page.title, page.subtitle),
          CAMP_TABS,
          campsGrid(camps, segment(page.segment)),
        ],
      }),
    ),
    {
      path: "/classes",
      type: "DEFAULT",
      title: "Weekly classes",
      description:
        "Term-time classes at Riverside Sports Club: Tennis Academy, Junior Swim School and After-School Football.",
      elements: [
        header(
          "Weekly classes",
          "Tennis, swimming and football every week during term time, grouped by age and level.",
        ),
        CATALOGUE_TABS,
        section("activities-grid", {
          catalog: classes,
          columns: 3,
          properties: ["images", "price", "ages", "locations"],
          filters: ["search", "age", "location"],
          image_aspect_ratio: "3 / 2",
          available_only: true,
        }),
        blocks({ padding: "small" }, [
          block("button", {
            variant: "secondary",
            label: "See the weekly timetable",
            href: "/timetable",
          }),
        ]),
      ],
    },
    {
      path: "/timetable",
      type: "DEFAULT",
      title: "Weekly timetable",
      description:
        "The weekly class timetable: tennis, swimming and after-school football during term time.",
      elements: [
        header(
          "Weekly timetable",
          "Classes run every week during term time. Pick one or more sessions to book a place.",
        ),
        CATALOGUE_TABS,
        section("availabilities-weekly-calendar", {
          mode: "stacked",
          start_hour: 7,
          end_hour: 20,
          "multiple-selection": true,
          status: ["OPEN", "FULL"],
          catalog: classes,
          filters: ["location", "categories"],
        }),
      ],
    },
    {
      path: "/memberships",
      type: "DEFAULT",
      title: "Memberships and passes",
      description: "Club memberships, session passes and gift vouchers at Riverside Sports Club.",
      elements: [
        header(
          "Memberships, passes and gift vouchers",
          "Save on the sessions you love, or treat someone to a voucher.",
        ),
        blocks({ padding: "small" }, [
          block("heading", { level: 2, text: "Memberships" }),
          block("paragraph", {
            text: "Members get priority booking on every camp and a discount on weekly classes.",
          }),
        ]),
        section("memberships-cards-grid", {
          columns: 2,
          properties: ["images", "price", "period", "description"],
        }),
        blocks({ padding: "small" }, [
          block("heading", { level: 2, text: "Session passes" }),
          block("paragraph", {
            text: "Pay once and use your sessions whenever suits you: one session is taken off each time you book.",
          }),
        ]),
        section("bundles-grid", {
          columns: 2,
          properties: ["images", "price", "capacity", "duration"],
        }),
        blocks({ padding: "small" }, [
          block("heading", { level: 2, text: "Gift vouchers" }),
          block("paragraph", {
            text: "Valid on every camp and class, sent by e-mail as soon as you pay.",
          }),
        ]),
        section("vouchers-cards-grid", { columns: 3, properties: ["images", "price"] }),
      ],
    },
    ...infoPagesEn(),
  ];
}
