import { useMemo, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PUBLIC_TEST_API_KEY } from '@coinsight/contracts';
import { useSession } from '../../app/session';
import { FormAlert } from '../../components/forms';
import { Page } from '../../components/Page';
import { Button, Select, TextAreaField, TextField } from '../../components/ui';
import { trpc } from '../../lib/trpc';
import { CurlLine } from './CurlLine';
import { prettyJson, typeLabel, type ApiOperation } from './openapi';
import { buildRequest, exampleValues, fieldKey, sendRequest, type ParameterValues } from './request';
import { ResponsePanel, type SandboxResult } from './ResponsePanel';
import { PublicKeyPanel, SandboxKeyPanel } from './SandboxKeyPanel';
import { useSandboxKey } from './sandboxKey';
import { REFERENCE_FAILED_MESSAGE, useApiReference } from './useApiReference';
import styles from './Sandbox.module.css';

export const SEND_LABEL = 'Send Request';
/** docs/product.md §4: the button's text while the call is in flight. */
export const SENDING_LABEL = 'Sending Request...';
export const NO_KEY_MESSAGE = 'Paste an API key, or create one for the sandbox, to send a request.';
export const SANDBOX_DESCRIPTION =
  'Pick an endpoint, fill in its parameters or request body and send it to the Coinsight API, to see exactly what it answers before you write any code. With a test key (cs_test_…, or the public test key used when you are signed out) calls answer from the fixed test dataset and are never metered or billed; with a live key (cs_live_…) they are real calls and count towards your usage like any other.';

const exampleBody = (operation: ApiOperation | undefined) =>
  operation?.requestBody ? prettyJson(operation.requestBody.example ?? {}) : '';

export default function SandboxPage() {
  const { user } = useSession();
  const reference = useApiReference();
  const [search, setSearch] = useSearchParams();
  // Signed out, the public test key (read-only, test dataset); signed in, the user's own keys.
  const [ownSecret, setSecret] = useSandboxKey(user?.id ?? '');
  const secret = user ? ownSecret : PUBLIC_TEST_API_KEY;
  const operations = reference.data?.operations;
  const selectedId = search.get('op') ?? '';
  const operation = operations?.find((item) => item.operationId === selectedId);

  return (
    <Page title="Sandbox" heading="API Sandbox" description={SANDBOX_DESCRIPTION}>
      {user ? <SandboxKeyPanel secret={secret} onChange={setSecret} /> : <PublicKeyPanel />}
      {reference.isError ? (
        <FormAlert tone="error">{REFERENCE_FAILED_MESSAGE}</FormAlert>
      ) : !operations ? (
        <p className={styles.muted} role="status">
          Loading endpoints…
        </p>
      ) : (
        <SandboxForm
          // A new endpoint starts from its own examples, with no answer shown (docs/product.md §4).
          key={operation?.operationId ?? 'none'}
          operations={operations}
          operation={operation}
          secret={secret}
          onSelect={(id) => setSearch(id ? { op: id } : {}, { replace: true })}
        />
      )}
      <p className={styles.muted}>
        Every endpoint, with its parameters and answers, is described in the <Link to="/api">API reference</Link>.
      </p>
    </Page>
  );
}

interface SandboxFormProps {
  operations: readonly ApiOperation[];
  operation: ApiOperation | undefined;
  secret: string;
  onSelect: (operationId: string) => void;
}

function SandboxForm({ operations, operation, secret, onSelect }: SandboxFormProps) {
  const utils = trpc.useUtils();
  const [values, setValues] = useState<ParameterValues>(() => (operation ? exampleValues(operation) : {}));
  const [body, setBody] = useState(() => exampleBody(operation));
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<SandboxResult | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const request = useMemo(() => {
    if (!operation) return null;
    try {
      return buildRequest(operation, values, body, secret || 'YOUR_API_KEY');
    } catch {
      return null;
    }
  }, [operation, values, body, secret]);

  const options = [
    { value: '', label: 'Select an endpoint' },
    ...operations.map((item) => ({ value: item.operationId, label: `${item.method.toUpperCase()} ${item.path} · ${item.summary}` })),
  ];

  async function onSend(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    // Send Request only shows once an endpoint is chosen (docs/product.md §2).
    if (!operation) return;
    if (!secret) {
      setFormError(NO_KEY_MESSAGE);
      return;
    }
    let toSend;
    try {
      toSend = buildRequest(operation, values, body, secret);
    } catch (error) {
      setFormError(error instanceof Error ? error.message : String(error));
      return;
    }
    setSending(true);
    setResult(null);
    try {
      setResult({ kind: 'answer', answer: await sendRequest(toSend) });
    } catch (error) {
      setResult({ kind: 'failed', message: `The request could not be sent: ${error instanceof Error ? error.message : String(error)}` });
    } finally {
      setSending(false);
      // The key's last use and this month's calls changed; the dashboard should not show stale ones.
      void utils.apiKeys.list.invalidate();
    }
  }

  return (
    <div className={styles.layout}>
      <form className={styles.form} onSubmit={(event) => void onSend(event)} noValidate aria-label="Request">
        <Select
          label="Endpoint"
          options={options}
          value={operation?.operationId ?? ''}
          required
          onChange={(event) => onSelect(event.target.value)}
        />
        {operation ? (
          <>
            {operation.description ? <p className={styles.muted}>{operation.description}</p> : null}
            {operation.parameters.map((parameter) => (
              <TextField
                key={fieldKey(parameter)}
                label={`${parameter.name}${parameter.required ? '' : ' (optional)'}`}
                hint={`${parameter.in === 'header' ? 'Header' : parameter.in === 'path' ? 'Path' : 'Query'} · ${typeLabel(parameter.schema)}${parameter.description ? ` · ${parameter.description}` : ''}`}
                value={values[fieldKey(parameter)] ?? ''}
                onChange={(event) => setValues((current) => ({ ...current, [fieldKey(parameter)]: event.target.value }))}
                spellCheck={false}
              />
            ))}
            {operation.requestBody ? (
              <TextAreaField
                label="Request body (JSON)"
                rows={8}
                className={styles.bodyField}
                value={body}
                spellCheck={false}
                onChange={(event) => setBody(event.target.value)}
              />
            ) : null}
            {formError ? <FormAlert tone="error">{formError}</FormAlert> : null}
            <div className={styles.actions}>
              <Button type="submit" disabled={sending}>
                {sending ? SENDING_LABEL : SEND_LABEL}
              </Button>
            </div>
          </>
        ) : null}
      </form>
      {operation ? (
        <div className={styles.output}>
          <ResponsePanel result={result} sending={sending} />
          {request ? <CurlLine request={request} /> : null}
        </div>
      ) : null}
    </div>
  );
}
