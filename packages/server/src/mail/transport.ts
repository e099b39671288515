/**
 * The way out: nodemailer over SMTP when `SMTP_URL` is set (`smtp://user:pass@host:port`,
 * `smtps://…`), else the local mailbox. Time-outs stay well inside the outbox's lease (outbox.ts).
 */
import nodemailer from 'nodemailer';
import type { MailTransport, OutgoingMessage } from './outbox.ts';

export function createTransport(smtpUrl: string | undefined): MailTransport {
  if (!smtpUrl) return { kind: 'mailbox' };
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
  });
  return {
    kind: 'smtp',
    async send(message: OutgoingMessage): Promise<string> {
      const attachments = [];
      for (const a of message.attachments) {
        const content = await a.content();
        if (!content) throw new Error(`The content of attachment ${a.filename} is missing from the store`);
        attachments.push({ filename: a.filename, contentType: a.contentType, content });
      }
      const info = await transporter.sendMail({
        from: message.from,
        to: message.to,
        ...(message.replyTo ? { replyTo: message.replyTo } : {}),
        subject: message.subject,
        text: message.text,
        html: message.html,
        messageId: message.messageId,
        attachments,
      });
      return String(info.response ?? '250 OK');
    },
    close: () => transporter.close(),
  };
}
