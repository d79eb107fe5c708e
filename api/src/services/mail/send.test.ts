import { describe, expect, it } from 'vitest';
import type { Log } from '../log.js';
import type { Mailer, MailMessage } from './mailer.js';
import { sendMail } from './send.js';

const mail: MailMessage = { to: 'ada@example.com', subject: 'Hello', text: 'Hi' };

function recorder(options: { fail?: boolean } = {}) {
  const calls: string[] = [];
  const errors: object[] = [];
  const handle = (name: string) => async () => {
    calls.push(name);
    if (options.fail) throw new Error('SMTP server refused the connection');
  };
  const mailer: Mailer = {
    transport: 'smtp',
    send: handle('send'),
    sendQueued: async () => 'sent',
    queue: handle('queue'),
    keep: handle('keep'),
    close: async () => undefined,
  };
  const log: Log = { info: () => undefined, warn: () => undefined, error: (details) => void errors.push(details) };
  return { deps: { mailer, log }, calls, errors };
}

describe('sendMail: the caller says when a mail goes', () => {
  it('now: sent before it returns, a failure thrown to the caller', async () => {
    const ok = recorder();
    await sendMail(ok.deps, { message: mail, when: 'now' });
    expect(ok.calls).toEqual(['send']);
    const failing = recorder({ fail: true });
    await expect(sendMail(failing.deps, { message: mail, when: 'now' })).rejects.toThrow('refused');
  });

  it('after the answer: handed over, a failure only logged under its event', async () => {
    const failing = recorder({ fail: true });
    await sendMail(failing.deps, { message: mail, when: 'after-answer', event: 'auth.change_notice' });
    expect(failing.calls).toEqual(['send']);
    await new Promise((resolve) => setImmediate(resolve));
    expect(failing.errors).toMatchObject([{ event: 'auth.change_notice' }]);
  });

  it('queued: stored for the mail sweep; never: kept without being sent', async () => {
    const r = recorder();
    await sendMail(r.deps, { message: mail, when: 'queued' });
    await sendMail(r.deps, { message: mail, when: 'never' });
    expect(r.calls).toEqual(['queue', 'keep']);
  });
});

describe('sendMail: nothing goes to a reserved .invalid address', () => {
  it("a team account's own address (or test mode's) is never handed to the transport, whatever the timing", async () => {
    const sink = recorder();
    for (const when of ['now', 'after-answer', 'queued', 'never'] as const) {
      for (const to of ['team_abc@teams.invalid', 'usr_x@test-mode.INVALID', 'x@teams.invalid.'])
        await sendMail(sink.deps, { message: { ...mail, to }, when });
    }
    expect(sink.calls).toEqual([]);
    await sendMail(sink.deps, { message: { ...mail, to: 'ada@invalid.example.com' }, when: 'now' });
    expect(sink.calls).toEqual(['send']);
  });
});
