import { LABEL_NAMING, LIST_FILTERS, listQuerySchema, MEDIA_TYPES, type SocialPlatform } from '@coinsight/contracts';
import { useState, type FormEvent } from 'react';
import { FoldOnPhone } from '../../components/forms';
import { Button, Select, TextField } from '../../components/ui';
import styles from './FiltersForm.module.css';
import type { QueryProblem } from './tableState';

export type FilterValues = Record<string, string>;

export interface FiltersFormProps {
  platform: SocialPlatform;
  initial: FilterValues;
  /** What is wrong with `initial` (from the address), shown beside its field from the start. */
  initialError?: QueryProblem | null;
  onApply: (values: FilterValues) => void;
}

/**
 * The platform's filters of docs/product.md §7. Checked with the same schema the server uses before they
 * are applied, so a mistake is named beside its field instead of coming back as a failed load.
 */
export function FiltersForm({ platform, initial, initialError = null, onApply }: FiltersFormProps) {
  const [values, setValues] = useState<FilterValues>(initial);
  const [error, setError] = useState<QueryProblem | null>(initialError);
  const names = LIST_FILTERS[platform] as readonly string[];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const filled = Object.fromEntries(
      Object.entries(values)
        .filter(([, v]) => v.trim() !== '')
        .map(([k, v]) => [k, v.trim()]),
    );
    const parsed = listQuerySchema(platform, 'labels').safeParse(filled);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setError({ field: String(issue?.path[0] ?? ''), message: issue?.message ?? 'Check the filters' });
      return;
    }
    setError(null);
    onApply(filled);
  };

  const reset = () => {
    setValues({});
    setError(null);
    onApply({});
  };

  const field = (name: string) => {
    const common = {
      label: LABEL_NAMING.of(name),
      name,
      value: values[name] ?? '',
      error: error?.field === name ? error.message : undefined,
    };
    const set = (value: string) => {
      setValues((current) => ({ ...current, [name]: value }));
      if (error?.field === name) setError(null);
    };
    if (name === 'mediaType') {
      return (
        <Select
          key={name}
          {...common}
          options={[
            { value: '', label: 'Any' },
            ...MEDIA_TYPES.map((type) => ({ value: type, label: type[0]?.toUpperCase() + type.slice(1) })),
          ]}
          onChange={(event) => set(event.target.value)}
        />
      );
    }
    const kind = name.endsWith('Date') ? 'date' : /^(min|max)/.test(name) ? 'number' : 'text';
    return (
      <TextField
        key={name}
        {...common}
        type={kind === 'date' ? 'date' : 'text'}
        inputMode={kind === 'number' ? 'numeric' : undefined}
        autoComplete="off"
        onChange={(event) => set(event.target.value)}
      />
    );
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Filters">
      <FoldOnPhone label="Filters" summary={setCount(initial)} initiallyOpen={initialError !== null}>
        <div className={styles.fields}>{names.map(field)}</div>
        {error && !names.includes(error.field) ? (
          <p className={styles.error} role="alert">
            {error.message}
          </p>
        ) : null}
        <div className={styles.actions}>
          <Button type="submit">Apply filters</Button>
          <Button variant="ghost" onClick={reset}>
            Reset
          </Button>
        </div>
      </FoldOnPhone>
    </form>
  );
}

/** "2 set": how many filters are in force, for the folded button; nothing when none is. */
function setCount(values: FilterValues): string | undefined {
  const count = Object.values(values).filter((value) => value.trim() !== '').length;
  return count === 0 ? undefined : `${count} set`;
}
