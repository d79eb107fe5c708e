import { type PublicUser, updateProfileSchema } from '@coinsight/contracts';
import { useState } from 'react';
import { serverMessage, useSession } from '../../app/session';
import { FormOutcomeAlert, firstErrors, formStyles, useForm, type FieldErrors, type FormOutcome } from '../../components/forms';
import { Button, TextField } from '../../components/ui';

export const PROFILE_UPDATED_MESSAGE = 'Profile updated successfully!';
export const PROFILE_FAILED_MESSAGE = 'Failed to update profile. Please try again.';

const SOCIAL = ['twitter', 'facebook', 'instagram'] as const;
const SOCIAL_LABELS: Record<(typeof SOCIAL)[number], string> = { twitter: 'Twitter', facebook: 'Facebook', instagram: 'Instagram' };

function valuesOf(user: PublicUser) {
  return {
    username: user.username,
    email: user.email,
    twitter: user.socialAccounts.twitter,
    facebook: user.socialAccounts.facebook,
    instagram: user.socialAccounts.instagram,
  };
}

type ProfileValues = ReturnType<typeof valuesOf>;

function toInput({ username, email, twitter, facebook, instagram }: ProfileValues) {
  return { username, email, socialAccounts: { twitter, facebook, instagram } };
}

function validate(values: ProfileValues): FieldErrors {
  const { 'socialAccounts.twitter': twitter, 'socialAccounts.facebook': facebook, 'socialAccounts.instagram': instagram, ...rest } = firstErrors(
    updateProfileSchema,
    toInput(values),
  );
  return { ...rest, twitter, facebook, instagram };
}

/** Profile settings (spec §2): username, email and the social handles, for /profile and the settings tab. */
export function ProfileForm({ user }: { user: PublicUser }) {
  const { updateProfile } = useSession();
  const form = useForm(valuesOf(user), validate);
  const [outcome, setOutcome] = useState<FormOutcome | null>(null);

  const onSubmit = form.handleSubmit(async (values) => {
    setOutcome(null);
    try {
      const saved = await updateProfile(toInput(values));
      // The server trims and normalises (a leading @ goes): show what was stored.
      form.reset(valuesOf(saved));
      setOutcome({ tone: 'success', message: PROFILE_UPDATED_MESSAGE });
    } catch (error) {
      setOutcome({ tone: 'error', message: serverMessage(error) ?? PROFILE_FAILED_MESSAGE });
    }
  });

  return (
    <form className={formStyles.form} onSubmit={onSubmit} noValidate aria-label="Profile">
      <FormOutcomeAlert outcome={outcome} />
      <TextField label="Username" autoComplete="username" required {...form.field('username')} />
      <TextField label="Email" type="email" autoComplete="email" required {...form.field('email')} />
      <fieldset className={formStyles.fieldset}>
        <legend className={formStyles.legend}>Social accounts</legend>
        {SOCIAL.map((network) => (
          <TextField key={network} label={SOCIAL_LABELS[network]} hint={`Your ${SOCIAL_LABELS[network]} handle, without the @`} autoComplete="off" {...form.field(network)} />
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
