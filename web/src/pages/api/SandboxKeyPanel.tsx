import type { ApiKey } from '@coinsight/contracts';
import { useState } from 'react';
import { serverMessage } from '../../app/session';
import { FormAlert } from '../../components/forms';
import { Button, TextField } from '../../components/ui';
import { trpc } from '../../lib/trpc';
import styles from './Sandbox.module.css';

export const SANDBOX_KEY_NAME = 'Sandbox';
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

  async function onCreate() {
    setError(null);
    try {
      const answer = await create.mutateAsync({ name: SANDBOX_KEY_NAME });
      onChange(answer.secret);
      setCreated(answer.key.name);
      await utils.apiKeys.list.invalidate();
    } catch (failure) {
      setError(serverMessage(failure) ?? CREATE_KEY_FAILED_MESSAGE);
    }
  }

  return (
    <section className={styles.keyPanel} aria-labelledby="sandbox-key-heading">
      <h2 id="sandbox-key-heading" className={styles.panelTitle}>
        Your API key
      </h2>
      <p className={styles.muted}>
        A key&apos;s secret is shown only once, when it is created, and we keep only its hash, so the sandbox cannot use a key you saved
        earlier by itself. Paste one, or create a key for the sandbox. It stays in this browser tab (session storage) until you close it or
        forget it, and goes nowhere but the <code>Authorization</code> header of the calls you send from here.
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
            ? `This is your key “${match.name}” (${match.prefix}…).`
            : keys.data && keys.data.length > 0
              ? `Your keys: ${keys.data.map((key) => `${key.name} (${key.prefix}…)`).join(', ')}.`
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
        <Button variant="secondary" size="sm" disabled={create.isPending} onClick={() => void onCreate()}>
          {create.isPending ? 'Creating…' : 'Create a key for the sandbox'}
        </Button>
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
    </section>
  );
}
