import { z } from 'zod';
import { bodyTextSchema, headerTextSchema, mailboxSchema } from './mail-fields.js';

export const SEND_EMAIL_SUBJECT_MAX_LENGTH = 200;
export const SEND_EMAIL_MESSAGE_MAX_LENGTH = 10_000;

/** docs/product.md §5 (validation, in this order) and §8 (failure) for the Send Email panel. */
export const SEND_EMAIL_MESSAGES = {
  recipientRequired: 'Recipient email is required',
  recipientInvalid: 'Invalid recipient email',
  subjectRequired: 'Subject is required',
  subjectTooLong: `Subject must be at most ${SEND_EMAIL_SUBJECT_MAX_LENGTH} characters long`,
  subjectLineBreak: 'Subject must be on one line',
  messageRequired: 'Message is required',
  messageTooLong: `Message must be at most ${SEND_EMAIL_MESSAGE_MAX_LENGTH.toLocaleString('en-US')} characters long`,
  sent: 'Email sent successfully!',
  failed: 'Failed to send email. Please try again.',
  tooMany: 'You have reached the limit of emails you can send for now. Please try again later.',
  signInRequired: 'Sign in to send email from Coinsight.',
  verifyFirst: 'Verify your email address before sending email',
} as const;

const m = SEND_EMAIL_MESSAGES;

/** One recipient only: a list or a display name is an invalid recipient. */
export const sendEmailSchema = z.object({
  recipient: mailboxSchema('Recipient email', { required: m.recipientRequired, invalid: m.recipientInvalid }),
  subject: headerTextSchema(
    'Subject',
    { required: m.subjectRequired, tooLong: m.subjectTooLong, lineBreak: m.subjectLineBreak },
    SEND_EMAIL_SUBJECT_MAX_LENGTH,
  ),
  message: bodyTextSchema('Message', { required: m.messageRequired, tooLong: m.messageTooLong }, SEND_EMAIL_MESSAGE_MAX_LENGTH),
});

export type SendEmailInput = z.input<typeof sendEmailSchema>;
