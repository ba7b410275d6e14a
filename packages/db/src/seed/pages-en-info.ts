import { demoImageUrl } from "./images.ts";
import { block, blocks, container, type DemoPage, html, section, textPage } from "./pages-kit.ts";

// The information pages of "Riverside Sports Club": about, coaches, contact, FAQ, privacy and
// terms. The contact details come from the organiser's account settings (block contact-details).

/** The questions of the FAQ page; the home page shows the first four. */
export const FAQ_EN = [
  {
    question: "What should my child bring?",
    answer:
      "Sports clothes, trainers (and boots and shin pads for football), a packed lunch, snacks and a named water bottle.",
  },
  {
    question: "How do I book for more than one child?",
    answer:
      "Add each child as a participant in your account, then choose them when you add a camp or class to your basket. You can book several children in one checkout.",
  },
  {
    question: "What happens if it rains?",
    answer:
      "Outdoor sessions move into the sports hall at Riverside Leisure Centre. We only stop play for thunderstorms, and we will text you if plans change.",
  },
  {
    question: "Can I cancel a booking?",
    answer:
      "Cancel up to 14 days before the first day and we refund everything except the deposit. After that, we can move your booking to another camp if places are left.",
  },
  {
    question: "How do I pay?",
    answer:
      "By bank transfer, quoting the reference shown at the end of your booking. The deposit secures the place; the balance is due before the first day.",
  },
  {
    question: "Can my child join a class after term has started?",
    answer:
      "Tennis Academy takes new players for the sessions left in the term. After-School Football builds its squad at the start of term and does not take late registrations.",
  },
  {
    question: "A camp is full. Is there a waiting list?",
    answer:
      "Yes: join it from the camp's page and we will e-mail you as soon as a place frees up, in the order people joined.",
  },
];

const CONTACT_EMAIL = "hello@riverside-sports.test";

export function infoPagesEn(): DemoPage[] {
  return [
    {
      path: "/about",
      type: "DEFAULT",
      title: "About us",
      description:
        "Riverside Sports Club: a community club in south-east London running holiday camps and weekly classes for children since 1998.",
      elements: [
        section("split-hero", {
          label: "About us",
          title: "A community club on the river since 1998",
          description:
            "Riverside Sports Club started as a Saturday football session for twenty children. Today our coaches run holiday camps and weekly classes in football, tennis, swimming and multi-sport for more than 1,500 children a year.",
          image: demoImageUrl("nature-camp"),
          image_alt: "Children playing outdoors",
          layout: "container",
          origin: "right",
          button_label: "Browse camps",
          button_href: "/camps",
        }),
        blocks({}, [
          html(
            "<h2>What we believe</h2>",
            "<p>Sport is for every child, not only the ones who already play in a team. We keep groups small, split them by age and level, and make sure every child leaves a session having learnt something and had fun.</p>",
            "<h2>Where we play</h2>",
            "<ul>",
            "<li>Riverside Leisure Centre: sports hall, pool and tennis courts;</li>",
            "<li>Thames Park Pitches: our football home;</li>",
            "<li>St Mary's School Hall: summer multi-sport weeks.</li>",
            "</ul>",
            "<p>Our bursary fund pays for camp places for families who need it: ask us in confidence.</p>",
          ),
          container("flex", {}, [
            block("button", { variant: "primary", label: "Meet our coaches", href: "/coaches" }),
            block("button", { variant: "plain", label: "Contact us", href: "/contact" }),
          ]),
        ]),
      ],
    },
    {
      path: "/coaches",
      type: "DEFAULT",
      title: "Our coaches",
      description:
        "The qualified coaches of Riverside Sports Club: FA and LTA qualifications, enhanced DBS checks, first-aid training.",
      elements: [
        section("header", {
          title: "Our coaches",
          subtitle:
            "Every coach holds a recognised coaching qualification, an enhanced DBS check and a current first-aid certificate.",
          breadcrumb: true,
        }),
        section("basic", {}, [
          container("grid", { columns: 3 }, [
            block("feature-highlight", {
              icon: "trophy",
              title: "Sam Okafor, head of football",
              text: "UEFA B licence. Sam has run our football camps for ten years and still referees the Friday tournament.",
            }),
            block("feature-highlight", {
              icon: "star",
              title: "Priya Shah, tennis",
              text: "LTA Level 3 coach. Priya leads the Tennis Academy and the summer tennis mornings.",
            }),
            block("feature-highlight", {
              icon: "heart",
              title: "Tom Reilly, swimming",
              text: "Swim England Level 2 teacher, who takes children from first splashes to their first 25 metres.",
            }),
          ]),
        ]),
        blocks({ background: "#EFF6FF" }, [
          block("heading", { level: 2, text: "Coach with us" }),
          block("paragraph", {
            text: "We take on assistant coaches for every holiday camp. Tell us about your qualifications and availability.",
          }),
          container("flex", {}, [
            block("button", {
              variant: "primary",
              label: "Apply by e-mail",
              href: `mailto:${CONTACT_EMAIL}?subject=Coaching`,
            }),
          ]),
        ]),
      ],
    },
    {
      path: "/contact",
      type: "DEFAULT",
      title: "Contact",
      description:
        "Address, phone and e-mail of Riverside Sports Club: the office answers Monday to Friday, 9:00 to 17:00.",
      elements: [
        section("header", {
          title: "Contact",
          subtitle:
            "Questions about a camp, a class or a booking? The office answers Monday to Friday, 9:00 to 17:00.",
          breadcrumb: true,
        }),
        section("basic", {}, [
          container("grid", { columns: 2 }, [
            block("contact-details", { title: "Find us", map_provider: "google" }),
            container("basic", {}, [
              block("heading", { level: 2, text: "On camp days", font_size: "24px" }),
              block("paragraph", {
                text: "During camps the phone line opens from 8:00 to 17:30. If your child will be late or absent, please call before 9:00.",
              }),
              block("alert", {
                variant: "blue",
                title: "Parking",
                text: "Riverside Leisure Centre has free parking for drop-off and pick-up; Thames Park has none, so please walk or cycle if you can.",
              }),
              container("flex", {}, [
                block("button", { variant: "secondary", label: "Read the FAQ", href: "/faq" }),
              ]),
            ]),
          ]),
        ]),
      ],
    },
    {
      path: "/faq",
      type: "DEFAULT",
      title: "Frequently asked questions",
      description:
        "What to bring, bookings for several children, rain, cancellations and payment: answers for parents.",
      elements: [
        section("header", {
          title: "Frequently asked questions",
          subtitle: "Answers to the questions parents ask us most.",
          breadcrumb: true,
        }),
        blocks({}, [
          block("faq", { items: FAQ_EN }),
          block("paragraph", { text: "Still have a question?" }),
          container("flex", {}, [
            block("button", { variant: "primary", label: "Contact us", href: "/contact" }),
          ]),
        ]),
      ],
    },
    textPage(
      {
        path: "/privacy",
        title: "Privacy",
        subtitle: "How Riverside Sports Club Ltd uses your personal data.",
        description:
          "Riverside Sports Club's privacy notice: what we collect, why, how long we keep it and your rights under UK GDPR.",
      },
      blocks({}, [
        html(
          "<h2>Who we are</h2>",
          "<p>Riverside Sports Club Ltd, 12 Riverside Walk, London SE1 9PP, is the controller of the data you give us. Questions about your data: ",
          `<a href="mailto:${CONTACT_EMAIL}">${CONTACT_EMAIL}</a>.</p>`,
          "<h2>What we collect and why</h2>",
          "<ul>",
          "<li>Your name, e-mail and phone number, to manage bookings and payments and to reach you on camp days;</li>",
          "<li>your child's name, date of birth, school and medical notes, to look after them safely;</li>",
          "<li>an emergency contact, used only in an emergency.</li>",
          "</ul>",
          "<h2>How long we keep it</h2>",
          "<p>Booking records are kept for six years for accounting purposes; medical notes are deleted at the end of each school year.</p>",
          "<h2>Your rights</h2>",
          "<p>You can see, correct or delete your data from your account or by writing to us, and you can complain to the Information Commissioner's Office.</p>",
        ),
      ]),
    ),
    textPage(
      {
        path: "/terms",
        title: "Terms and conditions",
        subtitle: "The terms of bookings for Riverside Sports Club camps and classes.",
        description:
          "Riverside Sports Club terms and conditions: bookings, payment, cancellations, health and safety.",
      },
      blocks({}, [
        html(
          "<h2>1. Bookings</h2>",
          "<p>Bookings are made online from a parent's account and confirmed by e-mail. A place is held once the deposit shown for the camp or class is paid.</p>",
          "<h2>2. Payment</h2>",
          "<p>Prices include coaching, equipment and insurance. The balance is due before the first day, by bank transfer quoting your booking reference.</p>",
          "<h2>3. Cancellations</h2>",
          "<p>Cancel up to 14 days before the first day and we refund everything except the deposit. After that we can move the booking to another camp when places are left. Classes already started are not refunded.</p>",
          "<h2>4. Health and safety</h2>",
          "<p>Parents tell us about medical conditions in their child's details. Coaches may ask a parent to collect a child who is unwell.</p>",
          "<h2>5. Your data</h2>",
          '<p>How we use your data is explained in our <a href="/privacy">privacy notice</a>.</p>',
        ),
      ]),
    ),
  ];
}
