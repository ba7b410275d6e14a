import type { CartState } from "@booking/contracts";
import { useTranslation } from "../../../i18n/react";
import { StatusBadge } from "../status-badge";

const TONES = { open: "green", abandoned: "grey", processed: "blue" } as const;

/** A cart's state: open (holds live or a payment awaited), abandoned, processed (an order). */
export function CartStateBadge({ state }: { state: CartState }) {
  const { t } = useTranslation();
  return <StatusBadge tone={TONES[state]}>{t(`admin.carts.states.${state}`)}</StatusBadge>;
}
