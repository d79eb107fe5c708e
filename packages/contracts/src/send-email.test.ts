import { describe, expect, it } from 'vitest';
import { SEND_EMAIL_MESSAGES as m, sendEmailSchema } from './send-email.js';

function messages(input: unknown): string[] {
  const result = sendEmailSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

const valid = { recipient: 'friend@example.com', subject: 'Hello', message: 'Look at this chart.' };

describe('sendEmailSchema', () => {
  it('reports empty fields in the order of docs/product.md §5', () => {
    expect(messages({ recipient: '', subject: '', message: '' })).toEqual([m.recipientRequired, m.subjectRequired, m.messageRequired]);
    expect(messages({})).toEqual([m.recipientRequired, m.subjectRequired, m.messageRequired]);
  });

  it('tells a missing recipient from an invalid one', () => {
    expect(messages({ ...valid, recipient: '   ' })[0]).toBe(m.recipientRequired);
    expect(messages({ ...valid, recipient: 'not-an-address' })).toEqual([m.recipientInvalid]);
  });

  it('accepts one recipient only', () => {
    for (const recipient of [
      'a@example.com,b@example.com',
      'a@example.com; b@example.com',
      'a,b@example.com',
      'Friend <a@example.com>',
      '"a b"@example.com',
    ]) {
      expect(messages({ ...valid, recipient }), recipient).toEqual([m.recipientInvalid]);
    }
  });

  it('refuses line breaks that would add headers, in the recipient and the subject', () => {
    expect(messages({ ...valid, recipient: 'a@example.com\r\nBcc: b@example.com' })).toEqual([m.recipientInvalid]);
    expect(messages({ ...valid, subject: 'Hi\r\nBcc: b@example.com' })).toEqual([m.subjectLineBreak]);
    expect(messages({ ...valid, subject: 'Hi\nthere' })).toEqual([m.subjectLineBreak]);
  });

  it('trims what it keeps and allows line breaks in the message body', () => {
    const parsed = sendEmailSchema.parse({ recipient: ' friend@example.com ', subject: ' Hello \n', message: 'Line 1\nLine 2\n' });
    expect(parsed).toEqual({ recipient: 'friend@example.com', subject: 'Hello', message: 'Line 1\nLine 2' });
  });

  it('bounds the subject and the message', () => {
    expect(messages({ ...valid, subject: 'x'.repeat(201) })).toEqual([m.subjectTooLong]);
    expect(messages({ ...valid, message: 'x'.repeat(10_001) })).toEqual([m.messageTooLong]);
  });
});
