import { RequestPage } from "../../components/cart/request-page";
import { requestPageData } from "../../lib/request-page";
import { seoMeta } from "../../lib/seo";
import type { Route } from "./+types/request";

/** /cart/registrations/request?availabilities=cuid,cuid: a request for the sessions listed. */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const listed = new URL(request.url).searchParams.get("availabilities") ?? "";
  const availabilities = [
    ...new Set(
      listed
        .split(",")
        .map((cuid) => cuid.trim())
        .filter(Boolean),
    ),
  ];
  return requestPageData(context, params, request, { availabilities });
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function RegistrationRequest({ loaderData }: Route.ComponentProps) {
  return <RequestPage data={loaderData} />;
}
