import { createServer, type Socket } from 'node:net';

export interface SinkMail {
  envelopeFrom: string;
  envelopeTo: string[];
  /** Header names in lower case, folded lines joined. */
  headers: Record<string, string>;
  text: string;
}

export interface SmtpSink {
  url: string;
  mails: SinkMail[];
  /** Resolves with the first mail (received so far or later) that `match` accepts. */
  waitForMail(match: (mail: SinkMail) => boolean, timeoutMs?: number): Promise<SinkMail>;
  close(): Promise<void>;
}

function parse(raw: string): Pick<SinkMail, 'headers' | 'text'> {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const headers: Record<string, string> = {};
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = raw.slice(split + 4);
  if (headers['content-transfer-encoding']?.toLowerCase() === 'quoted-printable') {
    body = Buffer.from(
      body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8');
  }
  return { headers, text: body.replace(/\r\n/g, '\n').replace(/\n$/, '') };
}

const address = (argument: string) => argument.match(/<([^>]*)>/)?.[1] ?? argument.trim();

/**
 * A minimal SMTP server (no TLS, no auth) that keeps every message it is given: what the app
 * under test sends through SMTP_URL, the browser tests read here. The web package cannot use the
 * api's smtp-server dependency, and the protocol subset a single-part sender needs is small.
 */
export async function startSmtpSink(): Promise<SmtpSink> {
  const mails: SinkMail[] = [];
  const waiters: Array<{ match: (mail: SinkMail) => boolean; resolve: (mail: SinkMail) => void }> = [];
  const sockets = new Set<Socket>();

  const deliver = (mail: SinkMail) => {
    mails.push(mail);
    for (const waiter of [...waiters]) {
      if (waiter.match(mail)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(mail);
      }
    }
  };

  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.setEncoding('latin1');
    let buffer = '';
    let envelope = { from: '', to: [] as string[] };
    let data: string[] | null = null;
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 sink.test ESMTP');

    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data) {
          if (line === '.') {
            deliver({ envelopeFrom: envelope.from, envelopeTo: envelope.to, ...parse(data.join('\r\n')) });
            data = null;
            envelope = { from: '', to: [] };
            reply('250 OK queued');
          } else {
            data.push(line.startsWith('..') ? line.slice(1) : line);
          }
          continue;
        }
        const [verb = '', ...rest] = line.split(' ');
        const argument = rest.join(' ');
        switch (verb.toUpperCase()) {
          case 'EHLO':
            reply('250-sink.test');
            reply('250 8BITMIME');
            break;
          case 'HELO':
            reply('250 sink.test');
            break;
          case 'MAIL':
            envelope.from = address(argument.replace(/^FROM:/i, ''));
            reply('250 OK');
            break;
          case 'RCPT':
            envelope.to.push(address(argument.replace(/^TO:/i, '')));
            reply('250 OK');
            break;
          case 'DATA':
            data = [];
            reply('354 End data with <CR><LF>.<CR><LF>');
            break;
          case 'RSET':
            envelope = { from: '', to: [] };
            reply('250 OK');
            break;
          case 'NOOP':
            reply('250 OK');
            break;
          case 'QUIT':
            reply('221 Bye');
            socket.end();
            break;
          default:
            reply('502 Command not implemented');
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const info = server.address();
  if (info === null || typeof info === 'string') throw new Error('The SMTP sink has no port');

  return {
    url: `smtp://127.0.0.1:${info.port}`,
    mails,
    waitForMail(match, timeoutMs = 10_000) {
      const found = mails.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = { match, resolve: (mail: SinkMail) => (clearTimeout(timer), resolve(mail)) };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error(`No matching mail within ${timeoutMs} ms; received: ${JSON.stringify(mails.map((m) => m.headers.subject))}`));
        }, timeoutMs);
        waiters.push(waiter);
      });
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
