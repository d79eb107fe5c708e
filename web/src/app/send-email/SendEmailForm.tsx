import { SEND_EMAIL_MESSAGES } from '@coinsight/contracts';
import { useRef, useState, type FormEvent } from 'react';
import { formStyles, FormOutcomeAlert, hasErrors, type FieldErrors, type FormOutcome } from '../../components/forms';
import { Button, TextAreaField, TextField } from '../../components/ui';
import { trpc } from '../../lib/trpc';
import { serverMessage } from '../session';
import { emptyEmail, firstInvalidField, validateEmail, type EmailValues } from './validate';

/** Recipient, subject and message; sent by the server through the app's mailer. */
export function SendEmailForm() {
  const [values, setValues] = useState<EmailValues>(emptyEmail);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [outcome, setOutcome] = useState<FormOutcome | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const send = trpc.email.send.useMutation();

  const set = (name: keyof EmailValues) => (event: { target: { value: string } }) => {
    const next = { ...values, [name]: event.target.value };
    setValues(next);
    // Once shown, errors follow the typing, so a fixed field clears at once.
    if (hasErrors(errors)) setErrors(validateEmail(next));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (send.isPending) return;
    setOutcome(null);
    const found = validateEmail(values);
    setErrors(found);
    const invalid = firstInvalidField(found);
    if (invalid) {
      formRef.current?.querySelector<HTMLElement>(`[name="${invalid}"]`)?.focus();
      return;
    }
    try {
      await send.mutateAsync(values);
      setOutcome({ tone: 'success', message: SEND_EMAIL_MESSAGES.sent });
      setValues(emptyEmail);
    } catch (error) {
      setOutcome({ tone: 'error', message: SEND_EMAIL_MESSAGES.failed, detail: serverMessage(error) });
    }
  };

  return (
    <form ref={formRef} className={formStyles.form} onSubmit={onSubmit} noValidate>
      <TextField
        label="Recipient"
        name="recipient"
        type="email"
        autoComplete="email"
        data-autofocus
        value={values.recipient}
        error={errors.recipient}
        onChange={set('recipient')}
      />
      <TextField label="Subject" name="subject" value={values.subject} error={errors.subject} onChange={set('subject')} />
      <TextAreaField label="Message" name="message" rows={6} value={values.message} error={errors.message} onChange={set('message')} />
      <FormOutcomeAlert outcome={outcome} />
      <Button type="submit" block disabled={send.isPending}>
        {send.isPending ? 'Sending…' : 'Send Email'}
      </Button>
    </form>
  );
}
