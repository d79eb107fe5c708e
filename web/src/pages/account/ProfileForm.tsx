import { AUTH_MESSAGES, type PublicUser, updateProfileSchema } from '@coinsight/contracts';
import { useState } from 'react';
import { serverMessage, useSession } from '../../app/session';
import { trpc } from '../../lib/trpc';
import { FormAlert, FormOutcomeAlert, firstErrors, formStyles, useForm, type FieldErrors, type FormOutcome } from '../../components/forms';
import { Button, TextField } from '../../components/ui';

export const PROFILE_UPDATED_MESSAGE = 'Profile updated successfully!';
export const PROFILE_FAILED_MESSAGE = 'Failed to update profile. Please try again.';
export const checkNewInboxMessage = (pending: string, current: string) =>
  `Check your new inbox: we sent a confirmation link to ${pending}. Your email stays ${current} until you open it.`;

const SOCIAL = ['twitter', 'facebook', 'instagram'] as const;
const SOCIAL_LABELS: Record<(typeof SOCIAL)[number], string> = { twitter: 'Twitter', facebook: 'Facebook', instagram: 'Instagram' };

function valuesOf(user: PublicUser) {
  return {
    username: user.username,
    email: user.email,
    twitter: user.socialAccounts.twitter,
    facebook: user.socialAccounts.facebook,
    instagram: user.socialAccounts.instagram,
    currentPassword: '',
  };
}

type ProfileValues = ReturnType<typeof valuesOf>;

// A new address needs the current password (a signed-in browser alone cannot move the account).
const changesEmail = (values: ProfileValues, user: PublicUser) => values.email.trim().toLowerCase() !== user.email.toLowerCase();

function toInput(values: ProfileValues, user: PublicUser) {
  const { username, email, twitter, facebook, instagram, currentPassword } = values;
  return { username, email, socialAccounts: { twitter, facebook, instagram }, ...(changesEmail(values, user) ? { currentPassword } : {}) };
}

function validate(values: ProfileValues, user: PublicUser): FieldErrors {
  const {
    'socialAccounts.twitter': twitter,
    'socialAccounts.facebook': facebook,
    'socialAccounts.instagram': instagram,
    currentPassword,
    ...rest
  } = firstErrors(updateProfileSchema, toInput(values, user));
  const passwordNeeded = changesEmail(values, user) && !values.currentPassword;
  return {
    ...rest,
    twitter,
    facebook,
    instagram,
    currentPassword: passwordNeeded ? AUTH_MESSAGES.currentPasswordForEmail : currentPassword,
  };
}

/** Profile settings (docs/product.md §2): username, email and the social handles, for /profile and the settings tab. */
export function ProfileForm({ user }: { user: PublicUser }) {
  const { updateProfile } = useSession();
  const form = useForm(valuesOf(user), (values) => validate(values, user));
  const [outcome, setOutcome] = useState<FormOutcome | null>(null);
  // A new address waits for its link to be opened; the account keeps the old one until then.
  const emailChange = trpc.user.emailChange.useQuery();
  const pendingEmail = emailChange.data?.pendingEmail ?? null;

  const onSubmit = form.handleSubmit(async (values) => {
    setOutcome(null);
    try {
      const saved = await updateProfile(toInput(values, user));
      // The server trims and normalises (a leading @ goes): show what was stored.
      form.reset(valuesOf(saved));
      if (!changesEmail(values, user)) {
        setOutcome({ tone: 'success', message: PROFILE_UPDATED_MESSAGE });
        return;
      }
      const pending = (await emailChange.refetch()).data?.pendingEmail ?? values.email.trim();
      setOutcome({ tone: 'success', message: checkNewInboxMessage(pending, saved.email) });
    } catch (error) {
      setOutcome({ tone: 'error', message: serverMessage(error) ?? PROFILE_FAILED_MESSAGE });
    }
  });

  return (
    <form className={formStyles.form} onSubmit={onSubmit} noValidate aria-label="Profile">
      <FormOutcomeAlert outcome={outcome} />
      <TextField label="Username" autoComplete="username" required {...form.field('username')} />
      <TextField label="Email" type="email" autoComplete="email" required {...form.field('email')} />
      {changesEmail(form.values, user) && (
        <TextField
          label="Current Password"
          type="password"
          autoComplete="current-password"
          required
          hint="Needed to change your email. We will send a confirmation link to the new address and tell the current one."
          {...form.field('currentPassword')}
        />
      )}
      {pendingEmail && !outcome && <FormAlert tone="success">{checkNewInboxMessage(pendingEmail, user.email)}</FormAlert>}
      <fieldset className={formStyles.fieldset}>
        <legend className={formStyles.legend}>Social accounts</legend>
        {SOCIAL.map((network) => (
          <TextField
            key={network}
            label={SOCIAL_LABELS[network]}
            hint={`Your ${SOCIAL_LABELS[network]} handle, without the @`}
            autoComplete="off"
            {...form.field(network)}
          />
        ))}
      </fieldset>
      <div className={formStyles.actions}>
        <Button type="submit" disabled={form.submitting}>
          {form.submitting ? 'Saving…' : 'Save Profile'}
        </Button>
      </div>
    </form>
  );
}
