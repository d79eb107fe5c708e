import { z } from 'zod';

/**
 * A single mailbox, no display name: nothing a mail library could split into several
 * recipients (`,` `;`), wrap (`<>` `()` quotes) or continue on another header line.
 */
export const SINGLE_MAILBOX_PATTERN = /^[^\s@,;:<>()[\]\\"']+@[^\s@,;:<>()[\]\\"']+\.[^\s@,;:<>()[\]\\"']+$/;

export const EMAIL_MAX_LENGTH = 254;

export function hasLineBreak(value: string): boolean {
  return /[\r\n]/.test(value);
}

/** An address that ends up in a mail header (To, Reply-To). */
export function mailboxSchema(messages: { required: string; invalid: string }) {
  return (
    z
      .string({ error: messages.required })
      .trim()
      // One message per field: an empty address is missing, not also invalid.
      .min(1, { error: messages.required, abort: true })
      .max(EMAIL_MAX_LENGTH, messages.invalid)
      .regex(SINGLE_MAILBOX_PATTERN, messages.invalid)
  );
}

/** Text that ends up in a mail header (Subject, a name in it): one line, bounded. */
export function headerTextSchema(messages: { required: string; tooLong: string; lineBreak: string }, maxLength: number) {
  return z
    .string({ error: messages.required })
    .refine((value) => !hasLineBreak(value.trim()), messages.lineBreak)
    .transform((value) => value.trim())
    .pipe(z.string().min(1, messages.required).max(maxLength, messages.tooLong));
}

/** Free text for a mail body. */
export function bodyTextSchema(messages: { required: string; tooLong: string }, maxLength: number) {
  return z.string({ error: messages.required }).trim().min(1, messages.required).max(maxLength, messages.tooLong);
}
