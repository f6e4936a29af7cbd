import nodemailer from 'nodemailer';
import type { Env } from '../env.ts';
import type { Logger } from './logger.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one link the mail is about (written to the log when no SMTP server is configured). */
  link?: string;
}

/** Sends mail. Throws when it could not be handed to the SMTP server. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
  readonly kind: 'smtp' | 'log' | 'none';
}

/**
 * SMTP through nodemailer when SMTP_URL is set. Without it, outside production the mail is written
 * to the server log (info level) with its link, so a developer can click it; in production nothing
 * can be sent and every attempt fails (and is logged) — never a silent success.
 */
export function createMailer(
  env: Pick<Env, 'SMTP_URL' | 'MAIL_FROM' | 'NODE_ENV'>,
  logger: Logger,
): Mailer {
  if (env.SMTP_URL) {
    // Bounded: a dead mail server must not keep sockets open for minutes.
    const url = new URL(env.SMTP_URL);
    for (const [name, ms] of [
      ['connectionTimeout', '10000'],
      ['greetingTimeout', '10000'],
      ['socketTimeout', '20000'],
    ] as const) {
      if (!url.searchParams.has(name)) url.searchParams.set(name, ms);
    }
    const transport = nodemailer.createTransport(url.toString());
    return {
      kind: 'smtp',
      async send(mail) {
        await transport.sendMail({
          from: env.MAIL_FROM,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        });
      },
    };
  }
  if (env.NODE_ENV === 'production') {
    return {
      kind: 'none',
      async send() {
        throw new Error('SMTP_URL is not set: mail cannot be sent');
      },
    };
  }
  return {
    kind: 'log',
    async send(mail) {
      logger({
        level: 'info',
        msg: 'mail (SMTP_URL is not set: written here instead of sent)',
        to: mail.to,
        subject: mail.subject,
        ...(mail.link ? { link: mail.link } : {}),
        text: mail.text,
      });
    },
  };
}
