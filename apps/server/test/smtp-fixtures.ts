import { type AddressInfo, createServer } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from "smtp-server";

export interface ReceivedMail {
  to: string[];
  raw: string;
  parsed: ParsedMail;
}

export interface TestSmtpServer {
  url: string;
  port: number;
  received: ReceivedMail[];
  close(): Promise<void>;
}

/** A loopback port free right now, for a server that starts later on it (an outage's end). */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/**
 * A real SMTP server on loopback that keeps what it accepts, parsed by a real MIME parser.
 * `rejectRecipient` answers 550 to RCPT TO for those addresses; `onAccepted` runs once a
 * message is received, just before the server answers 250 (e.g. to kill the sender then);
 * `holdData` true keeps a message's DATA phase open, never answering it (a slow server: the
 * sender dies waiting), and the message is not received.
 */
export async function startSmtpServer(
  options: {
    port?: number;
    rejectRecipient?: (address: string) => boolean;
    onAccepted?: (mail: ReceivedMail) => void;
    holdData?: (mail: ReceivedMail) => boolean;
  } = {},
): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (options.rejectRecipient?.(address.address)) {
        const error = Object.assign(new Error("5.1.1 mailbox unavailable"), { responseCode: 550 });
        callback(error);
        return;
      }
      callback();
    },
    onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        simpleParser(raw)
          .then((parsed) => {
            const mail = {
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
              raw,
              parsed,
            };
            if (options.holdData?.(mail)) return;
            received.push(mail);
            options.onAccepted?.(mail);
            callback();
          })
          .catch(callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
