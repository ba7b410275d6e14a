import type { FastifyInstance } from "fastify";
import type { Client } from "./harness.ts";

// The imports' tests (console-imports, console-imports-*): a file uploaded as the console's
// wizard sends it.

/** POST /api/admin/imports?kind=CUSTOMERS with one `file` part. */
export function upload(
  app: FastifyInstance,
  client: Client,
  fileName: string,
  bytes: Buffer,
  kind = "CUSTOMERS",
) {
  const boundary = "----import-upload";
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
        "Content-Type: application/octet-stream\r\n\r\n",
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return app.inject({
    method: "POST",
    url: `/api/admin/imports?kind=${kind}`,
    headers: {
      host: client.host,
      cookie: [...client.cookies].map(([name, value]) => `${name}=${value}`).join("; "),
      "x-xsrf-token": client.cookies.get("XSRF-TOKEN") ?? "",
      "content-type": `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  });
}

export const csv = (rows: string[][], separator = ";") =>
  Buffer.from(`${rows.map((row) => row.join(separator)).join("\r\n")}\r\n`);
