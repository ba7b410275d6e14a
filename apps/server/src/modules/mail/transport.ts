import nodemailer from "nodemailer";

export interface MailTransport {
  send(message: { to: string; subject: string; html: string; text: string }): Promise<void>;
}

/** SMTP when SMTP_URL is set; otherwise null, and e-mails stay in the development outbox. */
export function createMailTransport(
  smtpUrl: string | undefined,
  from: string,
): MailTransport | null {
  if (!smtpUrl) return null;
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transporter.sendMail({ from, ...message });
    },
  };
}
