import type {
  NavigationLink,
  TextPage,
  WebsiteSettingsBody,
  WebsiteSettingsView,
} from "@booking/contracts";

/** A page's own texts as typed (blank: the default texts). */
const typedTexts = (texts: { title: string | null; subtitle: string | null }) => ({
  title: texts.title ?? "",
  subtitle: texts.subtitle ?? "",
});

/** The form's state: texts as typed (blank for none), turned into the PATCH body on save. */
export function initialState(website: WebsiteSettingsView) {
  const { topbar, footer } = website;
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
    pageTexts: {
      register: typedTexts(website.register),
      newsletter_unsubscribe: typedTexts(website.newsletter_unsubscribe),
    } satisfies Record<TextPage, { title: string; subtitle: string }>,
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
    register: state.pageTexts.register,
    newsletter_unsubscribe: state.pageTexts.newsletter_unsubscribe,
  };
}
