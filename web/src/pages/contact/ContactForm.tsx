import {
  CONTACT_MESSAGE_MAX_LENGTH,
  CONTACT_MESSAGES,
  CONTACT_NAME_MAX_LENGTH,
  CONTACT_SUBJECTS,
  type ContactSubject,
} from '@coinsight/contracts';
import { useState, type FormEvent } from 'react';
import { serverMessage } from '../../app/session';
import { formStyles, FormOutcomeAlert, type FormOutcome } from '../../components/forms';
import { Button, Select, TextAreaField, TextField } from '../../components/ui';
import { trpc } from '../../lib/trpc';

const subjectOptions = [{ value: '', label: 'Choose a subject' }, ...CONTACT_SUBJECTS];

const empty = { name: '', email: '', subject: '', message: '' };

/**
 * docs/product.md §3's form. The browser checks that every field is filled in and the email looks like one
 * (docs/product.md §5: no messages of our own); the server checks everything again and says what it refused.
 */
export function ContactForm() {
  const [values, setValues] = useState(empty);
  const [outcome, setOutcome] = useState<FormOutcome | null>(null);
  const send = trpc.contact.send.useMutation();

  const set = (name: keyof typeof empty) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [name]: event.target.value }));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (send.isPending) return;
    setOutcome(null);
    try {
      await send.mutateAsync({ ...values, subject: values.subject as ContactSubject });
      setOutcome({ tone: 'success', message: CONTACT_MESSAGES.sent });
      setValues(empty);
    } catch (error) {
      setOutcome({ tone: 'error', message: CONTACT_MESSAGES.failed, detail: serverMessage(error) });
    }
  };

  return (
    <form className={formStyles.form} onSubmit={onSubmit} aria-label="Contact form">
      <TextField
        label="Name"
        name="name"
        autoComplete="name"
        required
        maxLength={CONTACT_NAME_MAX_LENGTH}
        value={values.name}
        onChange={set('name')}
      />
      <TextField label="Email" name="email" type="email" autoComplete="email" required value={values.email} onChange={set('email')} />
      <Select label="Subject" name="subject" required options={subjectOptions} value={values.subject} onChange={set('subject')} />
      <TextAreaField
        label="Message"
        name="message"
        required
        rows={6}
        maxLength={CONTACT_MESSAGE_MAX_LENGTH}
        value={values.message}
        onChange={set('message')}
      />
      <FormOutcomeAlert outcome={outcome} />
      <div className={formStyles.actions}>
        <Button type="submit" disabled={send.isPending}>
          {send.isPending ? 'Sending…' : 'Send Message'}
        </Button>
      </div>
    </form>
  );
}
