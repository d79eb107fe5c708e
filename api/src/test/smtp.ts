import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { CONFIRMATION_SUBJECT } from './auth.js';

export interface ReceivedMail {
  envelopeFrom: string;
  envelopeTo: string[];
  /** Header names in lower case, folded lines joined. */
  headers: Record<string, string>;
  /** The decoded text body. */
  text: string;
}

export interface TestSmtpServer {
  url: string;
  /** Every accepted mail but the sign-up confirmations, which every signup() in a test sends. */
  received: ReceivedMail[];
  /** The sign-up confirmation mails, kept apart so they never count as the mail a test waits for. */
  confirmations: ReceivedMail[];
  /** While true, every message but sign-up confirmations is refused with a 554, as by a mail server that is down. */
  refuseAll: boolean;
  close(): Promise<void>;
}

function decodeQuotedPrintable(body: string): string {
  const bytes = Buffer.from(
    body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  );
  return bytes.toString('utf8');
}

/** Just enough MIME for the single-part text mail the app sends. */
export function parseMail(raw: string): { headers: Record<string, string>; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const headers: Record<string, string> = {};
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const encoding = headers['content-transfer-encoding']?.toLowerCase();
  const decoded =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body, 'base64').toString('utf8')
        : body;
  return { headers, text: decoded.replace(/\r\n/g, '\n').replace(/\n$/, '') };
}

/** A real SMTP server on a free local port that keeps what it receives, for SMTP_URL in tests. */
export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const confirmations: ReceivedMail[] = [];
  const state = { refuseAll: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const { headers, text } = parseMail(Buffer.concat(chunks).toString('latin1'));
        const confirmation = headers.subject === CONFIRMATION_SUBJECT;
        if (state.refuseAll && !confirmation) {
          callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 554 }));
          return;
        }
        (confirmation ? confirmations : received).push({
          envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          envelopeTo: session.envelope.rcptTo.map((r) => r.address),
          headers,
          text,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    confirmations,
    get refuseAll() {
      return state.refuseAll;
    },
    set refuseAll(value: boolean) {
      state.refuseAll = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
