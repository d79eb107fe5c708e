import {
  API_KEY_MESSAGES,
  createApiKeySchema,
  type ApiKey,
  type ApiKeyMode,
  type CreatedApiKey,
  type PublicUser,
} from '@coinsight/contracts';
import { useState } from 'react';
import { serverMessage } from '../../app/session';
import { FormAlert, FormOutcomeAlert, firstErrors, formStyles, useForm, type FormOutcome } from '../../components/forms';
import { Button, Dialog, Select, TextField } from '../../components/ui';
import { trpc } from '../../lib/trpc';
import { useResendVerification } from '../account/useResendVerification';
import styles from './ApiKeysSection.module.css';
import { formatCount } from '../../lib/formatNumber';
import { Time } from '../../components/Time';

/** How each mode is offered and shown (docs/api-keys.md, "Test mode"). */
export const KEY_MODE_OPTIONS: ReadonlyArray<{ value: ApiKeyMode; label: string }> = [
  { value: 'live', label: 'Live (cs_live_): real data, metered' },
  { value: 'test', label: 'Test (cs_test_): fixed test data, free' },
];
export const KEY_MODE_HINT =
  'A test key answers from the fixed test dataset, the same every time, and is never metered or billed; use it to build and run your tests.';

export const API_KEYS_LOAD_FAILED_MESSAGE = 'Your API keys could not be loaded. Please try again.';
export const API_KEY_FAILED_MESSAGE = 'Something went wrong. Please try again.';
export const SECRET_WARNING = 'Copy this key now and keep it somewhere safe: it will not be shown again.';

/** The settings api tab: the user's /v1 keys, and the confirmed address creating one needs. */
export function ApiKeysSection({ user }: { user: PublicUser }) {
  // Read fresh while unconfirmed: the link may have been opened in another tab since sign-in.
  const me = trpc.auth.me.useQuery(undefined, { enabled: !user.emailVerified, refetchOnWindowFocus: true });
  const verified = user.emailVerified || me.data?.emailVerified === true;
  const keys = trpc.apiKeys.list.useQuery();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);

  return (
    <div className={styles.stack}>
      {verified ? null : <VerifyNotice email={user.email} />}
      {created ? <NewSecret created={created} onDone={() => setCreated(null)} /> : null}
      {/* At the plan's cap the server answers with a message naming it, shown by the form. */}
      {verified ? <CreateKeyForm onCreated={setCreated} /> : null}
      {keys.isError ? (
        <FormAlert tone="error">{API_KEYS_LOAD_FAILED_MESSAGE}</FormAlert>
      ) : keys.data ? (
        <KeyList keys={keys.data} />
      ) : (
        <p className={styles.muted}>Loading API keys…</p>
      )}
    </div>
  );
}

function VerifyNotice({ email }: { email: string }) {
  const { outcome, onResend, sending } = useResendVerification(API_KEY_FAILED_MESSAGE);
  return (
    <div className={styles.notice} role="region" aria-label="Email confirmation">
      <p>
        {API_KEY_MESSAGES.verifyFirst}. We sent a confirmation link to <strong>{email}</strong> when you signed up.
      </p>
      <FormOutcomeAlert outcome={outcome} />
      <div>
        <Button variant="secondary" disabled={sending} onClick={() => void onResend()}>
          {sending ? 'Sending…' : 'Resend verification email'}
        </Button>
      </div>
    </div>
  );
}

function CreateKeyForm({ onCreated }: { onCreated: (created: CreatedApiKey) => void }) {
  const utils = trpc.useUtils();
  const create = trpc.apiKeys.create.useMutation();
  const form = useForm({ name: '' }, (values) => firstErrors(createApiKeySchema, values));
  const [outcome, setOutcome] = useState<FormOutcome | null>(null);
  const [mode, setMode] = useState<ApiKeyMode>('live');

  const onSubmit = form.handleSubmit(async ({ name }) => {
    setOutcome(null);
    try {
      onCreated(await create.mutateAsync({ name, mode }));
      form.reset();
      await utils.apiKeys.list.invalidate();
    } catch (error) {
      setOutcome({ tone: 'error', message: serverMessage(error) ?? API_KEY_FAILED_MESSAGE });
    }
  });

  return (
    <form className={formStyles.form} onSubmit={onSubmit} noValidate aria-label="Create API key">
      <FormOutcomeAlert outcome={outcome} />
      <TextField label="Key name" hint="For example the app or environment that uses it." maxLength={64} {...form.field('name')} />
      <Select
        label="Mode"
        hint={KEY_MODE_HINT}
        options={KEY_MODE_OPTIONS}
        value={mode}
        onChange={(event) => setMode(event.target.value === 'test' ? 'test' : 'live')}
      />
      <div className={formStyles.actions}>
        <Button type="submit" disabled={form.submitting}>
          {form.submitting ? 'Creating…' : 'Create API Key'}
        </Button>
      </div>
    </form>
  );
}

function NewSecret({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  async function onCopy() {
    try {
      await navigator.clipboard.writeText(created.secret);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  }
  return (
    <div className={styles.secret} role="region" aria-label="New API key">
      <p>
        <strong>{created.key.name}</strong> is ready. {SECRET_WARNING}
      </p>
      <code className={styles.secretValue}>{created.secret}</code>
      <div className={styles.actions}>
        <Button onClick={() => void onCopy()}>Copy key</Button>
        <Button variant="secondary" onClick={onDone}>
          Done
        </Button>
      </div>
      <p role="status" className={styles.muted}>
        {copied === 'yes' ? 'Copied to the clipboard.' : copied === 'failed' ? 'Copying failed: select the key and copy it by hand.' : ''}
      </p>
    </div>
  );
}

function KeyList({ keys }: { keys: ApiKey[] }) {
  if (keys.length === 0) return <p className={styles.muted}>You have no API keys yet.</p>;
  return (
    <ul className={styles.list} aria-label="Your API keys">
      {keys.map((key) => (
        <KeyItem key={key.id} apiKey={key} />
      ))}
    </ul>
  );
}

function KeyItem({ apiKey }: { apiKey: ApiKey }) {
  const utils = trpc.useUtils();
  const rename = trpc.apiKeys.rename.useMutation({ onSuccess: () => utils.apiKeys.list.invalidate() });
  const remove = trpc.apiKeys.delete.useMutation({ onSuccess: () => utils.apiKeys.list.invalidate() });
  const [renaming, setRenaming] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm({ name: apiKey.name }, (values) => firstErrors(createApiKeySchema, values));

  const onRename = form.handleSubmit(async ({ name }) => {
    setError(null);
    try {
      await rename.mutateAsync({ id: apiKey.id, name });
      setRenaming(false);
    } catch (failure) {
      setError(serverMessage(failure) ?? API_KEY_FAILED_MESSAGE);
    }
  });

  async function onDelete() {
    setError(null);
    try {
      await remove.mutateAsync({ id: apiKey.id });
      setConfirming(false);
    } catch (failure) {
      setConfirming(false);
      setError(serverMessage(failure) ?? API_KEY_FAILED_MESSAGE);
    }
  }

  return (
    <li className={styles.item}>
      {renaming ? (
        <form className={styles.rename} onSubmit={onRename} noValidate aria-label={`Rename ${apiKey.name}`}>
          <TextField label="New name" maxLength={64} {...form.field('name')} />
          <div className={styles.actions}>
            <Button type="submit" size="sm" disabled={form.submitting}>
              Save
            </Button>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => {
                form.reset({ name: apiKey.name });
                setRenaming(false);
              }}
            >
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <h3 className={styles.name}>{apiKey.name}</h3>
      )}
      {error ? <FormAlert tone="error">{error}</FormAlert> : null}
      <dl className={styles.facts}>
        <dt>Key</dt>
        <dd>
          <code>{apiKey.prefix}…</code>
        </dd>
        <dt>Mode</dt>
        <dd>{apiKey.mode === 'test' ? 'Test: fixed test data, never metered' : 'Live'}</dd>
        <dt>Created</dt>
        <dd>
          <Time value={apiKey.createdAt} format="day" />
        </dd>
        <dt>Last used</dt>
        <dd>{apiKey.lastUsedAt ? <Time value={apiKey.lastUsedAt} /> : 'Never'}</dd>
        <dt>Calls this month</dt>
        <dd>{formatCount(apiKey.callsThisMonth)}</dd>
      </dl>
      {renaming ? null : (
        <div className={styles.actions}>
          <Button size="sm" variant="secondary" aria-label={`Rename ${apiKey.name}`} onClick={() => setRenaming(true)}>
            Rename
          </Button>
          <Button size="sm" variant="ghost" aria-label={`Delete ${apiKey.name}`} onClick={() => setConfirming(true)}>
            Delete
          </Button>
        </div>
      )}
      <Dialog open={confirming} onClose={() => setConfirming(false)} title={`Delete ${apiKey.name}?`}>
        <p>Apps using this key stop working at once. This cannot be undone.</p>
        <div className={styles.actions}>
          <Button disabled={remove.isPending} onClick={() => void onDelete()}>
            {remove.isPending ? 'Deleting…' : 'Delete key'}
          </Button>
          <Button variant="secondary" onClick={() => setConfirming(false)} data-autofocus>
            Cancel
          </Button>
        </div>
      </Dialog>
    </li>
  );
}
