import { NEWSLETTER_MESSAGES, newsletterSubscribeSchema } from '@coinsight/contracts';
import { useState, type FormEvent } from 'react';
import { serverMessage } from '../../app/session';
import { firstErrors, FormOutcomeAlert, type FormOutcome } from '../../components/forms';
import { Button, TextField } from '../../components/ui';
import { trpc } from '../../lib/trpc';
import styles from './Blog.module.css';

/** Asks for an address; the subscription starts once the link mailed to it is opened. */
export function NewsletterForm() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [outcome, setOutcome] = useState<FormOutcome | null>(null);
  const subscribe = trpc.newsletter.subscribe.useMutation();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setOutcome(null);
    const problem = firstErrors(newsletterSubscribeSchema, { email }).email;
    setError(problem);
    if (problem || subscribe.isPending) return;
    try {
      // The server answers the same for every address; the mail says the rest.
      await subscribe.mutateAsync({ email });
      setOutcome({ tone: 'success', message: NEWSLETTER_MESSAGES.subscribed });
      setEmail('');
    } catch (failure) {
      setOutcome({ tone: 'error', message: serverMessage(failure) ?? NEWSLETTER_MESSAGES.failed });
    }
  };

  return (
    <section className={styles.newsletter} aria-labelledby="newsletter-heading">
      <h2 id="newsletter-heading" className={styles.sectionTitle}>
        Subscribe to our newsletter
      </h2>
      <p className={styles.newsletterText}>New articles about the product, the data and the API, by email. No other mail.</p>
      <form className={styles.newsletterForm} onSubmit={onSubmit} noValidate>
        <TextField
          label="Email address"
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          error={error}
          onChange={(event) => {
            setEmail(event.target.value);
            if (error) setError(undefined);
          }}
          className={styles.newsletterField}
        />
        <Button type="submit" disabled={subscribe.isPending} className={styles.newsletterButton}>
          {subscribe.isPending ? 'Subscribing…' : 'Subscribe'}
        </Button>
      </form>
      <FormOutcomeAlert outcome={outcome} />
    </section>
  );
}
