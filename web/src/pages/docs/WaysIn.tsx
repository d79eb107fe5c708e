import type { CodeExample } from '@coinsight/sdk/examples';
import { useState, type ReactNode } from 'react';
import { Tabs } from '../../components/ui';
import { DocExample } from './DocExample';
import { WAY_LABELS, WAYS, type Way } from './ways';
import styles from './docs.module.css';

export interface WaysInProps {
  /** Names the tab list, e.g. "Your first call". */
  label: string;
  ways: Partial<Record<Way, readonly CodeExample[]>>;
  /** Shown in a way's panel above its examples (e.g. the package-manager tabs of the TypeScript SDK). */
  before?: Partial<Record<Way, ReactNode>>;
}

/**
 * The same task each way in (curl, TypeScript, Python, CLI), as tabs: only the ways that have an
 * example get one, so a way appears once its examples exist (and are run by the docs-examples test).
 */
export function WaysIn({ label, ways, before = {} }: WaysInProps) {
  const present = WAYS.filter((way) => (ways[way]?.length ?? 0) > 0 || before[way] !== undefined);
  const [selected, setSelected] = useState<Way>(present[0] ?? 'curl');
  if (present.length === 0) return null;
  return (
    <Tabs
      label={label}
      selected={selected}
      onSelect={setSelected}
      tabs={present.map((way) => ({
        id: way,
        label: WAY_LABELS[way],
        content: (
          <div className={styles.wayPanel}>
            {before[way]}
            {(ways[way] ?? []).map((example) => (
              <DocExample key={`${example.title}\n${example.code}`} example={example} />
            ))}
          </div>
        ),
      }))}
    />
  );
}
