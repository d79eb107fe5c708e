import { useEffect, useState } from 'react';
import { Button } from './Button';
import styles from './CodeBlock.module.css';

export interface CodeBlockProps {
  code: string;
  /** Shown above the code and naming its copy button, e.g. "Create a price alert". */
  title: string;
  /** For the label beside the title: bash, typescript, json. */
  language?: string;
}

/**
 * A block of code with a copy button. Long lines scroll inside the block (never the page), and
 * the scrolling region takes keyboard focus so it can be scrolled without a pointer.
 */
export function CodeBlock({ code, title, language }: CodeBlockProps) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  useEffect(() => {
    if (copied === null) return;
    const timer = setTimeout(() => setCopied(null), 2_000);
    return () => clearTimeout(timer);
  }, [copied]);
  async function onCopy() {
    try {
      await navigator.clipboard.writeText(code);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  }
  return (
    <figure className={styles.block}>
      <figcaption className={styles.bar}>
        <span className={styles.title}>
          {title}
          {language ? <span className={styles.language}> · {language}</span> : null}
        </span>
        <span role="status" className={styles.status}>
          {copied === 'yes' ? 'Copied' : copied === 'failed' ? 'Copy failed: select the code' : ''}
        </span>
        <Button variant="secondary" size="sm" aria-label={`Copy ${title}`} onClick={() => void onCopy()}>
          Copy
        </Button>
      </figcaption>
      <pre className={styles.pre} tabIndex={0} aria-label={`${title}, code`}>
        <code>{code}</code>
      </pre>
    </figure>
  );
}
