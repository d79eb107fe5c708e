import { z } from 'zod';
import { bodyTextSchema, headerTextSchema, mailboxSchema } from './mail-fields.js';

/** The contact form's subjects and their labels (docs/product.md §3). */
export const CONTACT_SUBJECTS = [
  { value: 'general', label: 'General Inquiry' },
  { value: 'support', label: 'Technical Support' },
  { value: 'billing', label: 'Billing Question' },
  { value: 'partnership', label: 'Partnership Opportunity' },
] as const;

export type ContactSubject = (typeof CONTACT_SUBJECTS)[number]['value'];

export function contactSubjectLabel(subject: ContactSubject): string {
  return CONTACT_SUBJECTS.find((s) => s.value === subject)?.label ?? subject;
}

export const CONTACT_NAME_MAX_LENGTH = 100;
export const CONTACT_MESSAGE_MAX_LENGTH = 5_000;

export const CONTACT_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${CONTACT_NAME_MAX_LENGTH} characters long`,
  nameLineBreak: 'Name must be on one line',
  emailRequired: 'Email is required',
  emailInvalid: 'Email is invalid',
  subjectRequired: 'Subject is required',
  messageRequired: 'Message is required',
  messageTooLong: `Message must be at most ${CONTACT_MESSAGE_MAX_LENGTH.toLocaleString('en-US')} characters long`,
  sent: "Thank you for your message! We've received it and will reply by email.",
  failed: 'Failed to send your message. Please try again.',
  tooMany: 'You have sent several messages in a short time. Please try again later.',
} as const;

const m = CONTACT_MESSAGES;

export const contactMessageSchema = z.object({
  name: headerTextSchema('Name', { required: m.nameRequired, tooLong: m.nameTooLong, lineBreak: m.nameLineBreak }, CONTACT_NAME_MAX_LENGTH),
  email: mailboxSchema('Email', { required: m.emailRequired, invalid: m.emailInvalid }),
  subject: z.enum(
    CONTACT_SUBJECTS.map((s) => s.value),
    { error: m.subjectRequired },
  ),
  message: bodyTextSchema('Message', { required: m.messageRequired, tooLong: m.messageTooLong }, CONTACT_MESSAGE_MAX_LENGTH),
});

export type ContactMessageInput = z.input<typeof contactMessageSchema>;
