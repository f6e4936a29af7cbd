import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on 127.0.0.1:<random port> that keeps what it receives, for the server tests
 * and the browser suite (`SMTP_URL=smtp://127.0.0.1:<port>`). The browser suite reads the mails
 * over HTTP: `GET <controlUrl>/__mails?to=<address>` → the received mails, newest last.
 */
export interface ReceivedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** Every http(s) link of the text part. */
  links: string[];
}

export interface FakeSmtp {
  /** For SMTP_URL. */
  url: string;
  /** Base URL of the HTTP control (GET /__mails). */
  controlUrl: string;
  mails: ReceivedMail[];
  /** Mails sent to this address (case-insensitive). */
  mailsTo(address: string): ReceivedMail[];
  /** Wait for the n-th mail to `address` (1 = the first). */
  waitFor(address: string, n?: number, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export async function startFakeSmtp(): Promise<FakeSmtp> {
  const mails: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const text = parsed.text ?? '';
          const to = (Array.isArray(parsed.to) ? parsed.to : parsed.to ? [parsed.to] : []).flatMap(
            (a) => a.value.map((v) => (v.address ?? '').toLowerCase()),
          );
          mails.push({
            to,
            from: parsed.from?.text ?? '',
            subject: parsed.subject ?? '',
            text,
            html: typeof parsed.html === 'string' ? parsed.html : '',
            links: [...text.matchAll(/https?:\/\/\S+/g)].map((m) => m[0]),
          });
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  const mailsTo = (address: string) => mails.filter((m) => m.to.includes(address.toLowerCase()));
  const control: HttpServer = createHttpServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== '/__mails') {
      res.writeHead(404).end();
      return;
    }
    const to = url.searchParams.get('to');
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(to ? mailsTo(to) : mails));
  });
  await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
  const controlPort = (control.address() as AddressInfo).port;

  return {
    url: `smtp://127.0.0.1:${smtpPort}`,
    controlUrl: `http://127.0.0.1:${controlPort}`,
    mails,
    mailsTo,
    async waitFor(address, n = 1, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const got = mailsTo(address);
        if (got.length >= n) return got[n - 1]!;
        if (Date.now() > deadline)
          throw new Error(`no mail #${n} to ${address} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    close: () =>
      Promise.all([
        new Promise<void>((resolve) => smtp.close(() => resolve())),
        new Promise<void>((resolve) => control.close(() => resolve())),
      ]).then(() => undefined),
  };
}
