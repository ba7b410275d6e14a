import { useTranslation } from "../../i18n/react";
import type { RequestPageData } from "../../lib/request-page";
import { CartIcon } from "../icons";
import { LocalizedLink } from "../localized-link";
import { ButtonLink } from "../ui/button";
import { RequestForm } from "./request-form";

/** Both request pages: the activity's title, then the form, or an empty state without sessions. */
export function RequestPage({ data }: { data: RequestPageData }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6 lg:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-slate-950 md:text-4xl">
        {t("requests.title")}
      </h1>
      {data.activity ? (
        <p className="mt-2 text-lg text-slate-700">
          <LocalizedLink
            to={`/activities/${data.activity.cuid}`}
            className="font-semibold text-accent-ink underline-offset-2 hover:underline"
          >
            {data.activity.title}
          </LocalizedLink>
          {data.mode === "selection" ? (
            <>
              {" · "}
              <LocalizedLink
                to={`/cart/registrations/request/${data.activity.cuid}`}
                className="text-accent-ink underline underline-offset-2"
                data-testid="request-whole-week"
              >
                {t("requests.whole_week")}
              </LocalizedLink>
            </>
          ) : null}
        </p>
      ) : null}
      <p className="mt-3 max-w-3xl text-slate-700">{t("requests.intro")}</p>
      {data.sessions.length === 0 ? (
        <div
          data-testid="request-empty"
          className="mt-8 flex flex-col items-center gap-2 rounded-2xl border border-dashed border-slate-300 px-6 py-12 text-center"
        >
          <CartIcon className="size-10 text-slate-400" />
          <h2 className="text-lg font-semibold text-slate-950">{t("requests.empty.title")}</h2>
          <p className="text-slate-700">{t("requests.empty.subtitle")}</p>
          <ButtonLink to="/" className="mt-3">
            {t("requests.empty.action")}
          </ButtonLink>
        </div>
      ) : (
        <RequestForm data={data} />
      )}
    </div>
  );
}
