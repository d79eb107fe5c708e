import { twoFactorCodeSchema } from '@coinsight/contracts';
import { useState } from 'react';
import { FormAlert, firstError, formStyles, useForm } from '../../components/forms';
import { Button, TextField } from '../../components/ui';
import { serverMessage, useSession } from '../session';

export const TWO_FACTOR_FAILED_MESSAGE = 'The code could not be checked. Please try again.';

/**
 * Sign-in's second step, wherever a sign-in starts (the sign-in page, the header's dialog, a mailed
 * link): shown while the session holds a challenge; a right code signs in and calls `onDone`.
 */
export function TwoFactorStep({ onDone }: { onDone?: () => void }) {
  const { completeTwoFactor, cancelTwoFactor } = useSession();
  const form = useForm({ code: '' }, (values) => ({ code: firstError(twoFactorCodeSchema, values.code) }));
  const [error, setError] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async ({ code }) => {
    setError(null);
    try {
      await completeTwoFactor(code);
      onDone?.();
    } catch (caught) {
      setError(serverMessage(caught) ?? TWO_FACTOR_FAILED_MESSAGE);
    }
  });

  return (
    <form className={formStyles.form} onSubmit={onSubmit} noValidate aria-label="Two-factor code">
      <p>Your account asks for a second step: enter the code your authenticator app shows for Coinsight.</p>
      {error ? <FormAlert tone="error">{error}</FormAlert> : null}
      <TextField
        label="Authentication code"
        hint="6 digits, or one of your recovery codes."
        autoComplete="one-time-code"
        inputMode="text"
        data-autofocus
        required
        {...form.field('code')}
      />
      <Button type="submit" block disabled={form.submitting}>
        {form.submitting ? 'Verifying…' : 'Verify'}
      </Button>
      <Button type="button" variant="ghost" block onClick={cancelTwoFactor}>
        Back to sign in
      </Button>
    </form>
  );
}
