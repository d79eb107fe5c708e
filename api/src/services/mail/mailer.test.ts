import { describe, expect, it } from 'vitest';
import { createMailer, formatMailForTerminal, type MailMessage } from './mailer.js';

const mail: MailMessage = {
  to: 'ada@example.com',
  subject: 'Reset your Coinsight password',
  text: 'Open this link to choose a new password:\nhttp://localhost:3000/reset-password?token=abc_DEF-123\n\nIt expires in an hour.',
};

const stored: MailMessage[] = [];
const store = async (message: MailMessage) => void stored.push(message);

/** An outbox mailer (no SMTP_URL) that records what it logs and prints. */
function outboxMailer(options: { printMail: boolean; atTerminal?: boolean }) {
  const logged: object[] = [];
  const printed: string[] = [];
  const mailer = createMailer({
    smtpUrl: undefined,
    from: 'x',
    store,
    log: { info: (d) => logged.push(d) },
    ...(options.atTerminal ? { print: (t: string) => printed.push(t) } : {}),
    printMail: options.printMail,
  });
  return { mailer, logged, printed };
}

describe('the outbox mailer (no SMTP_URL)', () => {
  it('at a terminal, prints the mail as plain text with each link on a line of its own', async () => {
    const { mailer, logged, printed } = outboxMailer({ printMail: true, atTerminal: true });
    await mailer.send({ ...mail, headers: { 'List-Unsubscribe': '<http://localhost:3000/api/newsletter/unsubscribe?token=t1>' } });
    const lines = printed.join('').split('\n');
    expect(lines).toContain('http://localhost:3000/reset-password?token=abc_DEF-123');
    expect(lines).toContain('Subject: Reset your Coinsight password');
    expect(lines).toContain('List-Unsubscribe: <http://localhost:3000/api/newsletter/unsubscribe?token=t1>');
    // The log line names the mail without repeating its body.
    expect(JSON.stringify(logged)).not.toContain('token=abc');
    expect(stored.at(-1)?.headers).toEqual({ 'List-Unsubscribe': '<http://localhost:3000/api/newsletter/unsubscribe?token=t1>' });
  });

  it('with JSON logs, prints nothing beside them and lists the links unescaped in the log line', async () => {
    const { mailer, logged } = outboxMailer({ printMail: true });
    await mailer.send(mail);
    expect(logged).toEqual([
      { mail: { to: mail.to, subject: mail.subject, text: mail.text }, links: ['http://localhost:3000/reset-password?token=abc_DEF-123'] },
    ]);
  });

  it('refuses a header value with a line break', async () => {
    const { mailer } = outboxMailer({ printMail: true });
    await expect(mailer.send({ ...mail, headers: { 'List-Unsubscribe': '<x>\r\nBcc: a@b.c' } })).rejects.toThrow(
      'may not contain line breaks',
    );
  });

  it('outside the embedded mode, logs only the subject: mail bodies carry secrets', async () => {
    const { mailer, logged, printed } = outboxMailer({ printMail: false, atTerminal: true });
    await mailer.send(mail);
    expect(printed).toEqual([]);
    expect(logged).toEqual([{ mail: { subject: mail.subject } }]);
    expect(stored.at(-1)?.text).toBe(mail.text);
  });

  it('formats a mail with its links listed once each', () => {
    const text = formatMailForTerminal({ ...mail, text: 'a http://x.test/1 b http://x.test/1 c https://x.test/2.' });
    expect(text.split('\n').slice(-5)).toEqual(['Links:', 'http://x.test/1', 'https://x.test/2', '-'.repeat(72), '']);
  });
});

describe('docs/security.md §25: the global sending rate (SMTP)', () => {
  it('docs/security.md §25: a mail past the rate is queued in the outbox, not sent and not dropped; the sweep waits for a place', async () => {
    const queued: { message: MailMessage; options: { queued: boolean } | undefined }[] = [];
    const mailer = createMailer({
      // Nothing listens there: a send that tried to connect would fail the test.
      smtpUrl: 'smtp://127.0.0.1:1',
      from: 'x',
      store: async (message, options) => void queued.push({ message, options }),
      log: { info: () => {} },
      printMail: false,
      rate: async () => false,
    });
    await mailer.send(mail);
    expect(queued).toEqual([{ message: mail, options: { queued: true } }]);
    expect(await mailer.sendQueued(mail)).toBe('waiting');
    await mailer.close();
  });
});
