import { PUBLIC_TEST_API_KEY, type ApiKey, type ApiKeyMode } from '@coinsight/contracts';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { TitledSection } from '../../components/TitledSection';
import { serverMessage } from '../../app/session';
import { FormAlert } from '../../components/forms';
import { Button, TextField } from '../../components/ui';
import { trpc } from '../../lib/trpc';
import styles from './Sandbox.module.css';

export const SANDBOX_KEY_NAME = 'Sandbox';
export const SANDBOX_TEST_KEY_NAME = 'Sandbox (test)';
export const USE_PUBLIC_KEY_LABEL = 'Use the public test key';
export const CREATE_KEY_FAILED_MESSAGE = 'The key could not be created. Please try again.';

function matchingKey(keys: readonly ApiKey[] | undefined, secret: string): ApiKey | undefined {
  return secret ? keys?.find((key) => secret.startsWith(key.prefix)) : undefined;
}

/**
 * Which key the sandbox calls with. A key's secret is shown once, at creation, and stored only as
 * a hash, so no page can fill one in: the user pastes one, or creates one here and this tab keeps it.
 */
export function SandboxKeyPanel({ secret, onChange }: { secret: string; onChange: (secret: string) => void }) {
  const keys = trpc.apiKeys.list.useQuery();
  const utils = trpc.useUtils();
  const create = trpc.apiKeys.create.useMutation();
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<string | null>(null);
  const match = matchingKey(keys.data, secret);

  async function onCreate(mode: ApiKeyMode) {
    setError(null);
    try {
      const answer = await create.mutateAsync({ name: mode === 'test' ? SANDBOX_TEST_KEY_NAME : SANDBOX_KEY_NAME, mode });
      onChange(answer.secret);
      setCreated(answer.key.name);
      await utils.apiKeys.list.invalidate();
    } catch (failure) {
      setError(serverMessage(failure) ?? CREATE_KEY_FAILED_MESSAGE);
    }
  }

  return (
    <TitledSection id="sandbox-key-heading" title="Your API key" className={styles.keyPanel} titleClassName={styles.panelTitle}>
      <p className={styles.muted}>
        A key&apos;s secret is shown only once, when it is created, and we keep only its hash, so the sandbox cannot use a key you saved
        earlier by itself. Paste one, or create a key for the sandbox. It stays in this browser tab (session storage) until you close it or
        forget it, and goes nowhere but the <code>Authorization</code> header of the calls you send from here. A test key (
        <code>cs_test_…</code>) answers from the fixed test dataset and is never metered or billed; a live key (<code>cs_live_…</code>)
        makes real calls that count towards your usage.
      </p>
      <TextField
        label="API key"
        type="password"
        autoComplete="off"
        spellCheck={false}
        placeholder="cs_live_…"
        value={secret}
        onChange={(event) => {
          setCreated(null);
          onChange(event.target.value.trim());
        }}
        hint={
          match
            ? `This is your key “${match.name}” (${match.prefix}…, ${match.mode}).`
            : secret === PUBLIC_TEST_API_KEY
              ? 'This is the public test key: the test dataset, GET operations only.'
              : keys.data && keys.data.length > 0
                ? `Your keys: ${keys.data.map((key) => `${key.name} (${key.prefix}…, ${key.mode})`).join(', ')}.`
                : undefined
        }
      />
      {error ? <FormAlert tone="error">{error}</FormAlert> : null}
      {created ? (
        <FormAlert tone="success">
          <p>
            Created the key “{created}” and put it in the field above. It is listed in Settings, API keys; this tab is the only place its
            secret is kept.
          </p>
        </FormAlert>
      ) : null}
      <div className={styles.actions}>
        <Button variant="secondary" size="sm" disabled={create.isPending} onClick={() => void onCreate('test')}>
          {create.isPending ? 'Creating…' : 'Create a test key for the sandbox'}
        </Button>
        <Button variant="secondary" size="sm" disabled={create.isPending} onClick={() => void onCreate('live')}>
          {create.isPending ? 'Creating…' : 'Create a key for the sandbox'}
        </Button>
        {secret !== PUBLIC_TEST_API_KEY ? (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              setCreated(null);
              onChange(PUBLIC_TEST_API_KEY);
            }}
          >
            {USE_PUBLIC_KEY_LABEL}
          </Button>
        ) : null}
        {secret ? (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              setCreated(null);
              onChange('');
            }}
          >
            Forget this key
          </Button>
        ) : null}
      </div>
    </TitledSection>
  );
}

/**
 * Signed out, the sandbox calls with the documented public test key: the fixed test dataset, GET
 * operations only (creating alerts needs a key of one's own), never metered (docs/api-keys.md).
 */
export function PublicKeyPanel() {
  const location = useLocation();
  return (
    <TitledSection id="sandbox-key-heading" title="Public test key" className={styles.keyPanel} titleClassName={styles.panelTitle}>
      <p className={styles.muted}>
        Signed out, the sandbox sends your requests with the public test key <code>{PUBLIC_TEST_API_KEY}</code>. It answers from the fixed
        test dataset (the same answer every time, not today&apos;s market), for GET operations only: it cannot create or delete alerts.
        Nothing is metered or billed.
      </p>
      <p className={styles.muted}>
        <Link to="/login" state={{ from: location }}>
          Sign in
        </Link>{' '}
        to use your own keys: a test key of your own can create test alerts, and a live key reads real data.
      </p>
    </TitledSection>
  );
}
