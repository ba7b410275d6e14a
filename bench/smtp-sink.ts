import { SMTPServer } from "smtp-server";

/**
 * A local SMTP server that accepts everything and keeps a count, and how many times each
 * Message-ID arrived (the multi-process check: every confirmation exactly once).
 */
export async function startSmtpSink(): Promise<{
  url: string;
  received: () => number;
  messageIds: Map<string, number>;
  close(): Promise<void>;
}> {
  let received = 0;
  const messageIds = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      let head = "";
      stream.on("data", (chunk: Buffer) => {
        if (!head.includes("\r\n\r\n")) head += chunk.toString("latin1");
      });
      stream.on("end", () => {
        received += 1;
        const id = /^message-id:\s*(<[^>\r\n]+>)/im.exec(head)?.[1];
        if (id) messageIds.set(id, (messageIds.get(id) ?? 0) + 1);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    received: () => received,
    messageIds,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
