import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { serverMessage, useSignedInUser } from '../../app/session';
import { FormAlert } from '../../components/forms';
import { Page } from '../../components/Page';
import { Button } from '../../components/ui';
import { trpc } from '../../lib/trpc';
import { TEAM_FAILED_MESSAGE } from './TeamSection';

/** The mailed invitation's page: joins the team as the signed-in account (which must have the invited address). */
export default function TeamInvitationPage() {
  const user = useSignedInUser();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const accept = trpc.teams.accept.useMutation();
  const [error, setError] = useState<string | null>(null);
  const onAccept = async () => {
    setError(null);
    try {
      await accept.mutateAsync({ token });
    } catch (failure) {
      setError(serverMessage(failure) ?? TEAM_FAILED_MESSAGE);
    }
  };
  return (
    <Page title="Team invitation" description="Join a team on Coinsight.">
      {accept.data ? (
        <FormAlert tone="success">
          You joined {accept.data.name} as {accept.data.role}. <Link to="/settings?tab=team">Open the team</Link>
        </FormAlert>
      ) : (
        <>
          {error ? <FormAlert tone="error">{error}</FormAlert> : null}
          <p>
            You are signed in as <strong>{user.email}</strong>. An invitation is for one email address: accept it signed in with that
            address.
          </p>
          <div>
            <Button onClick={() => void onAccept()} disabled={accept.isPending}>
              Join the team
            </Button>
          </div>
        </>
      )}
    </Page>
  );
}
