import { RequestPage } from "../../components/cart/request-page";
import { requestPageData } from "../../lib/request-page";
import { seoMeta } from "../../lib/seo";
import type { Route } from "./+types/request-activity";

/** /cart/registrations/request/{activity}?tier=: the weekly schedule of the activity's sessions. */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  return requestPageData(context, params, request, { activity: params.activity });
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function ActivityRegistrationRequest({ loaderData }: Route.ComponentProps) {
  return <RequestPage data={loaderData} />;
}
