import styles from './TableTools.module.css';

export interface ColumnsChooserProps {
  columns: ReadonlyArray<{ key: string; label: string }>;
  hidden: readonly string[];
  onChange: (hidden: string[]) => void;
}

/** Which of the table's columns show (and go into a download); at least one stays. */
export function ColumnsChooser({ columns, hidden, onChange }: ColumnsChooserProps) {
  const toggle = (key: string, shown: boolean) =>
    onChange(columns.map((c) => c.key).filter((k) => (k === key ? !shown : hidden.includes(k))));
  const lastShown = columns.length - hidden.length <= 1;
  return (
    <details className={styles.columns}>
      <summary>Columns{hidden.length > 0 ? ` (${hidden.length} hidden)` : ''}</summary>
      <fieldset className={styles.columnList}>
        <legend className={styles.legend}>Columns shown</legend>
        {columns.map(({ key, label }) => {
          const shown = !hidden.includes(key);
          return (
            <label key={key} className={styles.check}>
              <input
                type="checkbox"
                checked={shown}
                disabled={shown && lastShown}
                onChange={(event) => toggle(key, event.target.checked)}
              />
              {label}
            </label>
          );
        })}
      </fieldset>
    </details>
  );
}
