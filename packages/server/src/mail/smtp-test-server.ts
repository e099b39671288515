/**
 * A real SMTP server for the mail tests (smtp-server), keeping what it accepted parsed by
 * mailparser, attachments included. `refuse` makes it answer the next messages' DATA with a
 * refusal (a code and text), to see retries and failures.
 */
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface SmtpTestServer {
  url: string;
  received: ParsedMail[];
  /** The next `times` messages are refused with `code` and `text`. */
  refuse(code: number, text: string, times?: number): void;
  /** Resolves once `count` messages have arrived (or throws after `ms`). */
  waitFor(count: number, ms?: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

export async function startSmtpTestServer(): Promise<SmtpTestServer> {
  const received: ParsedMail[] = [];
  let refusals: { code: number; text: string; times: number } | undefined;
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username });
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refusals && refusals.times > 0) {
          refusals.times--;
          return callback(Object.assign(new Error(refusals.text), { responseCode: refusals.code }));
        }
        simpleParser(Buffer.concat(chunks)).then(
          (mail) => {
            received.push(mail);
            callback(null, `Queued as ${received.length}`);
          },
          (error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://mailer:secret@127.0.0.1:${port}`,
    received,
    refuse(code, text, times = 1) {
      refusals = { code, text, times };
    },
    async waitFor(count, ms = 20_000) {
      const until = Date.now() + ms;
      while (received.length < count) {
        if (Date.now() > until) throw new Error(`${received.length} of ${count} mails arrived`);
        await new Promise((r) => setTimeout(r, 100));
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
