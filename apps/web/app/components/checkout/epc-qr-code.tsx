import QRCode from "qrcode";
import { useMemo } from "react";

/** Empty modules around the code, as the QR standard asks for it to be found. */
const QUIET_ZONE = 4;

/**
 * A QR code drawn as one SVG path (server-rendered, sharp at any size): the EPC payload of a
 * bank transfer (docs/decisions/0070), error correction M as the EPC guidelines ask.
 */
export function EpcQrCode({ payload, label }: { payload: string; label: string }) {
  const { size, path } = useMemo(() => {
    const { modules } = QRCode.create(payload, { errorCorrectionLevel: "M" });
    const dark: string[] = [];
    for (let y = 0; y < modules.size; y++) {
      for (let x = 0; x < modules.size; x++) {
        if (modules.get(y, x)) dark.push(`M${x + QUIET_ZONE} ${y + QUIET_ZONE}h1v1h-1z`);
      }
    }
    return { size: modules.size + 2 * QUIET_ZONE, path: dark.join("") };
  }, [payload]);
  return (
    <svg
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      className="size-44 shrink-0 bg-white"
      data-testid="epc-qr"
    >
      <path d={path} fill="#000" />
    </svg>
  );
}
