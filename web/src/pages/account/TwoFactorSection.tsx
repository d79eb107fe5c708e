import {
  twoFactorConfirmSchema,
  twoFactorDisableSchema,
  twoFactorSetupSchema,
  type RecoveryCodes,
  type TwoFactorEnrolment,
} from '@coinsight/contracts';
import { useState } from 'react';
import { serverFieldError, serverMessage } from '../../app/session';
import { FormAlert, firstErrors, formStyles, useForm } from '../../components/forms';
import { Button, TextField } from '../../components/ui';
import { trpc } from '../../lib/trpc';
import styles from './AccountSecurity.module.css';

export const TWO_FACTOR_FAILED_MESSAGE = 'Something went wrong. Please try again.';
export const RECOVERY_CODES_WARNING =
  'Save these recovery codes somewhere safe, away from your phone: each signs in once without the app, and they will not be shown again.';

/**
 * Settings → Security: two-factor sign-in with an authenticator app. Setting it up needs the
 * password, shows the QR code and secret once, and is confirmed with a code; the ten recovery
 * codes are shown once. Turning it off needs the password and a code.
 */
export function TwoFactorSection() {
  const status = trpc.user.twoFactor.useQuery();
  const [enrolment, setEnrolment] = useState<TwoFactorEnrolment | null>(null);
  const [codes, setCodes] = useState<RecoveryCodes | null>(null);

  if (codes) return <RecoveryCodesPanel codes={codes.recoveryCodes} onDone={() => setCodes(null)} />;
  if (enrolment)
    return (
      <ConfirmPanel
        enrolment={enrolment}
        onConfirmed={(confirmed) => {
          setEnrolment(null);
          setCodes(confirmed);
        }}
      />
    );
  if (status.isError) return <FormAlert tone="error">{TWO_FACTOR_FAILED_MESSAGE}</FormAlert>;
  if (!status.data) return <p className={styles.muted}>Loading…</p>;
  if (!status.data.enabled) return <SetupForm onStarted={setEnrolment} />;
  return (
    <div className={styles.stack}>
      <p role="status">
        Two-factor sign-in is <strong>on</strong>. {status.data.recoveryCodesLeft} of 10 recovery codes left.
      </p>
      <DisableForm />
    </div>
  );
}

const FIELDS = ['currentPassword', 'code'] as const;

/** The server's refusal: beside the field it names, else in the form's alert. */
function useServerError() {
  const [error, setError] = useState<unknown>(null);
  const onField = error ? serverFieldError(error, FIELDS) : null;
  return {
    set: setError,
    alert: error && !onField ? (serverMessage(error) ?? TWO_FACTOR_FAILED_MESSAGE) : null,
    field: (name: (typeof FIELDS)[number]) => (onField?.field === name ? onField.message : undefined),
  };
}

function SetupForm({ onStarted }: { onStarted: (enrolment: TwoFactorEnrolment) => void }) {
  const start = trpc.user.startTwoFactor.useMutation();
  const form = useForm({ currentPassword: '' }, (values) => firstErrors(twoFactorSetupSchema, values));
  const server = useServerError();
  const onSubmit = form.handleSubmit(async (values) => {
    server.set(null);
    try {
      onStarted(await start.mutateAsync(values));
    } catch (error) {
      server.set(error);
    }
  });
  const field = form.field('currentPassword');
  return (
    <form className={formStyles.form} onSubmit={onSubmit} noValidate aria-label="Set up two-factor sign-in">
      <p>Two-factor sign-in is off. With it on, signing in also asks for a code from an authenticator app on your phone.</p>
      {server.alert ? <FormAlert tone="error">{server.alert}</FormAlert> : null}
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        {...field}
        error={field.error ?? server.field('currentPassword')}
      />
      <div className={formStyles.actions}>
        <Button type="submit" disabled={form.submitting}>
          {form.submitting ? 'Starting…' : 'Set up two-factor sign-in'}
        </Button>
      </div>
    </form>
  );
}

function ConfirmPanel({ enrolment, onConfirmed }: { enrolment: TwoFactorEnrolment; onConfirmed: (codes: RecoveryCodes) => void }) {
  const utils = trpc.useUtils();
  const confirm = trpc.user.confirmTwoFactor.useMutation({ onSuccess: () => utils.user.twoFactor.invalidate() });
  const form = useForm({ code: '' }, (values) => firstErrors(twoFactorConfirmSchema, values));
  const server = useServerError();
  const onSubmit = form.handleSubmit(async (values) => {
    server.set(null);
    try {
      onConfirmed(await confirm.mutateAsync(values));
    } catch (error) {
      server.set(error);
    }
  });
  const field = form.field('code');
  return (
    <div className={styles.panel} role="region" aria-label="Authenticator setup">
      <p>Scan this QR code with your authenticator app, or type the key below into it, then enter the code it shows.</p>
      <img className={styles.qr} src={enrolment.qrCode} alt="QR code of your two-factor key, for your authenticator app" />
      <p>
        Key: <code className={styles.secret}>{enrolment.secret}</code>
      </p>
      <form className={formStyles.form} onSubmit={onSubmit} noValidate aria-label="Confirm two-factor sign-in">
        {server.alert ? <FormAlert tone="error">{server.alert}</FormAlert> : null}
        <TextField
          label="Code from the app"
          autoComplete="one-time-code"
          inputMode="numeric"
          required
          {...field}
          error={field.error ?? server.field('code')}
        />
        <div className={formStyles.actions}>
          <Button type="submit" disabled={form.submitting}>
            {form.submitting ? 'Checking…' : 'Turn on'}
          </Button>
        </div>
      </form>
    </div>
  );
}

function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className={styles.panel} role="region" aria-label="Recovery codes">
      <p>
        Two-factor sign-in is <strong>on</strong>. {RECOVERY_CODES_WARNING}
      </p>
      <ul className={styles.codes} aria-label="Your recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code className={styles.secret}>{code}</code>
          </li>
        ))}
      </ul>
      <div className={styles.actions}>
        <Button onClick={onDone}>I have saved them</Button>
      </div>
    </div>
  );
}

function DisableForm() {
  const utils = trpc.useUtils();
  const disable = trpc.user.disableTwoFactor.useMutation({ onSuccess: () => utils.user.twoFactor.invalidate() });
  const form = useForm({ currentPassword: '', code: '' }, (values) => firstErrors(twoFactorDisableSchema, values));
  const server = useServerError();
  const onSubmit = form.handleSubmit(async (values) => {
    server.set(null);
    try {
      await disable.mutateAsync(values);
      form.reset();
    } catch (error) {
      server.set(error);
    }
  });
  const password = form.field('currentPassword');
  const code = form.field('code');
  return (
    <form className={formStyles.form} onSubmit={onSubmit} noValidate aria-label="Turn off two-factor sign-in">
      {server.alert ? <FormAlert tone="error">{server.alert}</FormAlert> : null}
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        {...password}
        error={password.error ?? server.field('currentPassword')}
      />
      <TextField
        label="Code from the app, or a recovery code"
        autoComplete="one-time-code"
        required
        {...code}
        error={code.error ?? server.field('code')}
      />
      <div className={formStyles.actions}>
        <Button type="submit" variant="secondary" disabled={form.submitting}>
          {form.submitting ? 'Turning off…' : 'Turn off two-factor sign-in'}
        </Button>
      </div>
    </form>
  );
}
