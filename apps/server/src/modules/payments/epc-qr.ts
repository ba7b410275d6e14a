import { epcQrPayload } from "@booking/domain";
import { PNG } from "pngjs";
import QRCode from "qrcode";

/**
 * The EPC QR code of a transfer to the organiser's account (docs/decisions/0070): its text for
 * the API and the pages (which draw it), and a PNG for e-mails and PDFs.
 */

interface TransferAccount {
  name: string;
  legalName: string | null;
  iban: string | null;
  bic: string | null;
  currency: string;
}

/** The text of the code for `amount` (cents) to the organiser with `reference`, or null. */
export function transferEpcQr(
  organiser: TransferAccount,
  amount: number,
  reference: string,
): string | null {
  return epcQrPayload({
    beneficiary: organiser.legalName ?? organiser.name,
    iban: organiser.iban,
    bic: organiser.bic,
    amount,
    currency: organiser.currency,
    reference,
  });
}

/** Empty modules around the code, as the QR standard asks; pixels a module (about 280 px). */
const QUIET_ZONE = 4;
const SCALE = 6;

/**
 * The code as a PNG data URL (black on white, error correction M as the EPC guidelines ask), for
 * e-mails — sent as an inline image (mail/transport.ts) — and PDFs.
 */
export function epcQrPngDataUrl(payload: string): string {
  const { modules } = QRCode.create(payload, { errorCorrectionLevel: "M" });
  const side = (modules.size + 2 * QUIET_ZONE) * SCALE;
  const png = new PNG({ width: side, height: side });
  png.data.fill(255);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const row = Math.floor(y / SCALE) - QUIET_ZONE;
      const column = Math.floor(x / SCALE) - QUIET_ZONE;
      const inside = row >= 0 && column >= 0 && row < modules.size && column < modules.size;
      if (inside && modules.get(row, column))
        png.data.fill(0, (y * side + x) * 4, (y * side + x) * 4 + 3);
    }
  }
  return `data:image/png;base64,${PNG.sync.write(png).toString("base64")}`;
}
