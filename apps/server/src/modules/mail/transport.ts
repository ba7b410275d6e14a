import nodemailer from "nodemailer";
import type { DkimConfig } from "../../config.ts";

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string | null;
  text: string;
  /** RFC 5322 Message-ID, the same on every attempt so that receivers can drop a copy. */
  messageId: string;
  headers: Record<string, string>;
  attachments: Array<{ filename: string; contentType: string; contentBase64: string }>;
}

export interface MailTransport {
  send(message: OutgoingMail): Promise<void>;
}

/** Short enough that a live attempt always ends well within SENDING_LEASE_MS (domain). */
const TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

/**
 * SMTP when SMTP_URL is set, every message DKIM-signed when a key is configured; otherwise null,
 * and e-mails stay in the development outbox.
 */
export function createMailTransport(
  smtpUrl: string | undefined,
  from: string,
  dkim: DkimConfig | null = null,
): MailTransport | null {
  if (!smtpUrl) return null;
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    ...TIMEOUTS,
    ...(dkim ? { dkim } : {}),
  });
  return {
    async send(message) {
      await transporter.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        html: message.html ?? undefined,
        text: message.text,
        messageId: message.messageId,
        headers: message.headers,
        // Images written as data: URLs (the EPC QR code) travel as inline attachments (cid:),
        // which mail clients show; many block data: images.
        attachDataUrls: true,
        attachments: message.attachments.map((attachment) => ({
          filename: attachment.filename,
          contentType: attachment.contentType,
          content: attachment.contentBase64,
          encoding: "base64",
        })),
      });
    },
  };
}
