import { describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES as m, CONTACT_SUBJECTS, contactMessageSchema, contactSubjectLabel } from './contact.js';

function firstMessage(input: unknown): string | undefined {
  const result = contactMessageSchema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
}

const valid = { name: 'Ada Lovelace', email: 'ada@example.com', subject: 'support', message: 'The docs page is blank.' };

describe('contactMessageSchema', () => {
  it('offers the four subjects of docs/product.md §3 with their labels', () => {
    expect(CONTACT_SUBJECTS.map((s) => [s.value, s.label])).toEqual([
      ['general', 'General Inquiry'],
      ['support', 'Technical Support'],
      ['billing', 'Billing Question'],
      ['partnership', 'Partnership Opportunity'],
    ]);
    expect(contactSubjectLabel('billing')).toBe('Billing Question');
  });

  it('names each missing field, in form order', () => {
    expect(firstMessage({})).toBe(m.nameRequired);
    expect(firstMessage({ ...valid, name: ' ' })).toBe(m.nameRequired);
    expect(firstMessage({ ...valid, email: '' })).toBe(m.emailRequired);
    expect(firstMessage({ ...valid, subject: '' })).toBe(m.subjectRequired);
    expect(firstMessage({ ...valid, subject: 'sales' })).toBe(m.subjectRequired);
    expect(firstMessage({ ...valid, message: '' })).toBe(m.messageRequired);
  });

  it('refuses a name or address that could add mail headers', () => {
    expect(firstMessage({ ...valid, name: 'Ada\r\nBcc: victim@example.com' })).toBe(m.nameLineBreak);
    expect(firstMessage({ ...valid, email: 'ada@example.com\nBcc: victim@example.com' })).toBe(m.emailInvalid);
    expect(firstMessage({ ...valid, email: 'ada@example.com, victim@example.com' })).toBe(m.emailInvalid);
  });

  it('limits lengths', () => {
    expect(firstMessage({ ...valid, name: 'x'.repeat(101) })).toBe(m.nameTooLong);
    expect(firstMessage({ ...valid, message: 'x'.repeat(5_001) })).toBe(m.messageTooLong);
    expect(firstMessage({ ...valid, message: 'x'.repeat(5_000) })).toBeUndefined();
  });
});
