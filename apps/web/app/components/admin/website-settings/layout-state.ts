import type { NavigationLink, WebsiteSettingsBody, WebsiteSettingsView } from "@booking/contracts";

/** The form's state: texts as typed (blank for none), turned into the PATCH body on save. */
export function initialState(website: WebsiteSettingsView) {
  const { topbar, footer, register } = website;
  return {
    email: topbar.email ?? "",
    phone: topbar.phone ?? "",
    announcement: topbar.announcement?.text ?? "",
    announcementHref: topbar.announcement?.href ?? "",
    textColor: topbar.text_color.toUpperCase(),
    backgroundColor: topbar.background_color.toUpperCase(),
    header: website.header,
    brand: footer.brand ?? "",
    quote: footer.quote ?? "",
    columns: footer.columns,
    legalLinks: footer.legal_links as NavigationLink[],
    ctaText: footer.call_to_action?.text ?? "",
    ctaHref: footer.call_to_action?.href ?? "",
    registerTitle: register.title ?? "",
    registerSubtitle: register.subtitle ?? "",
  };
}
export type LayoutState = ReturnType<typeof initialState>;

export function bodyOf(state: LayoutState): WebsiteSettingsBody {
  return {
    topbar: {
      email: state.email,
      phone: state.phone,
      announcement: state.announcement.trim()
        ? { text: state.announcement, href: state.announcementHref }
        : null,
      text_color: state.textColor,
      background_color: state.backgroundColor,
    },
    header: state.header,
    footer: {
      brand: state.brand,
      quote: state.quote,
      columns: state.columns,
      legal_links: state.legalLinks,
      call_to_action:
        state.ctaText.trim() || state.ctaHref.trim()
          ? { text: state.ctaText, href: state.ctaHref }
          : null,
    },
    register: { title: state.registerTitle, subtitle: state.registerSubtitle },
  };
}
