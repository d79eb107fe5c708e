import { useState } from 'react';
import { Button } from '../../components/ui';
import { curlCommand, type SandboxRequest } from './request';
import styles from './Sandbox.module.css';

/** The call as a curl line: the key masked on screen unless revealed; the copy always has it. */
export function CurlLine({ request }: { request: SandboxRequest }) {
  const [reveal, setReveal] = useState(false);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const origin = window.location.origin;

  async function onCopy() {
    try {
      await navigator.clipboard.writeText(curlCommand(request, origin, true));
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  }

  return (
    <section className={styles.curl} aria-labelledby="sandbox-curl-heading">
      <h2 id="sandbox-curl-heading" className={styles.panelTitle}>
        The same call with curl
      </h2>
      <pre className={styles.body}>
        <code data-testid="curl-line">{curlCommand(request, origin, reveal)}</code>
      </pre>
      <div className={styles.actions}>
        <Button size="sm" variant="secondary" onClick={() => void onCopy()}>
          Copy curl command
        </Button>
        <Button size="sm" variant="ghost" aria-pressed={reveal} onClick={() => setReveal((value) => !value)}>
          {reveal ? 'Hide key' : 'Show key'}
        </Button>
      </div>
      <p role="status" className={styles.muted}>
        {copied === 'yes'
          ? 'Copied, with your key, to the clipboard.'
          : copied === 'failed'
            ? 'Copying failed: reveal the key and copy the line by hand.'
            : ''}
      </p>
    </section>
  );
}
