import { SMTPServer } from "smtp-server";

/** A local SMTP server that accepts everything and keeps only a count. */
export async function startSmtpSink(): Promise<{
  url: string;
  received: () => number;
  close(): Promise<void>;
}> {
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      stream.on("data", () => {});
      stream.on("end", () => {
        received += 1;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    received: () => received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
