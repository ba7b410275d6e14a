import type { ReactNode } from "react";
import { useTranslation } from "../../i18n/react";
import type { StorefrontShell as Shell } from "../../lib/shell";
import { Cart } from "./cart";
import { Footer } from "./footer";
import { Header } from "./header";
import { Topbar } from "./topbar";

/**
 * The storefront layout around every page (storefront and account area): top bar, header, main
 * content, footer.
 */
export function StorefrontShell({ shell, children }: { shell: Shell; children: ReactNode }) {
  const { t } = useTranslation();
  const contacts = {
    email: shell.topbar?.email ?? shell.organiser.contact_email,
    phone: shell.topbar?.phone ?? shell.organiser.contact_phone,
  };
  return (
    <div className="flex min-h-dvh flex-col bg-white">
      <a
        href="#main"
        className="sr-only z-[60] rounded-md bg-white px-4 py-2 font-semibold text-slate-950 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t("common.skip_to_content")}
      </a>
      {shell.impersonated && shell.customer ? (
        <section
          aria-label={t("layout.impersonation_label")}
          className="bg-amber-100 px-4 py-2 text-center text-sm font-medium text-amber-950"
        >
          <p role="status">{t("layout.impersonation", { name: shell.customer.fullname })}</p>
        </section>
      ) : null}
      {shell.topbar ? <Topbar settings={shell.topbar} shell={shell} /> : null}
      {shell.header ? (
        <Header
          settings={shell.header}
          shell={shell}
          withoutTopbar={!shell.topbar}
          contacts={contacts}
        />
      ) : (
        <Cart shell={shell} withButton={false} />
      )}
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col focus:outline-none">
        {children}
      </main>
      {shell.footer ? <Footer settings={shell.footer} shell={shell} /> : null}
    </div>
  );
}
