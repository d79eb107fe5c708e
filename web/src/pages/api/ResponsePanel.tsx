import type { SandboxAnswer } from './request';
import styles from './Sandbox.module.css';
import { formatNumber } from '../../lib/formatNumber';

export type SandboxResult = { kind: 'answer'; answer: SandboxAnswer } | { kind: 'failed'; message: string };

/** The real answer: status, latency, the rate-limit and request-id headers, the body. */
export function ResponsePanel({ result, sending }: { result: SandboxResult | null; sending: boolean }) {
  return (
    <section className={styles.response} aria-labelledby="sandbox-response-heading" aria-busy={sending}>
      <h2 id="sandbox-response-heading" className={styles.panelTitle}>
        Response
      </h2>
      <div className={styles.responseBody} tabIndex={0} role="region" aria-label="Response body">
        {sending ? (
          <p className={styles.muted}>Waiting for the answer…</p>
        ) : result === null ? (
          <p className={styles.muted}>Send a request to see the real answer here.</p>
        ) : result.kind === 'failed' ? (
          <p role="alert">{result.message}</p>
        ) : (
          <>
            <p className={styles.statusLine} role="status">
              <strong data-status={result.answer.status >= 400 ? 'error' : 'ok'}>
                {result.answer.status} {result.answer.statusText}
              </strong>{' '}
              <span className={styles.muted}>in {formatNumber(result.answer.latencyMs, { maximumFractionDigits: 0 })} ms</span>
            </p>
            <dl className={styles.headers}>
              {result.answer.headers.map(([name, value]) => (
                <div key={name}>
                  <dt>{name}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
            <pre className={styles.body}>
              <code>{result.answer.body || '(empty body)'}</code>
            </pre>
          </>
        )}
      </div>
    </section>
  );
}
