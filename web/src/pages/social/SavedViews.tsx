import { tableOfPlatform, type SavedView, type SavedViewState, type SocialPlatform } from '@coinsight/contracts';
import { useState, type FormEvent } from 'react';
import { serverMessage } from '../../app/session';
import { Button, TextField } from '../../components/ui';
import { trpc } from '../../lib/trpc';
import { SavedViewItem } from './SavedViewItem';
import styles from './TableTools.module.css';

export const SAVE_VIEW_FAILED = 'Could not save the view. Please try again.';

export interface SavedViewsProps {
  platform: SocialPlatform;
  /** The table's state now: what "Save view" keeps. */
  current: SavedViewState;
  onApply: (view: SavedView) => void;
}

/** The account's named views of this table, beside it: save the current one, apply, rename or delete one. */
export function SavedViews({ platform, current, onApply }: SavedViewsProps) {
  const table = tableOfPlatform(platform);
  const utils = trpc.useUtils();
  const views = trpc.savedViews.list.useQuery({ table });
  const create = trpc.savedViews.create.useMutation({ onSuccess: () => utils.savedViews.list.invalidate({ table }) });
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await create.mutateAsync({ table, name, state: current });
      setName('');
    } catch (caught) {
      setError(serverMessage(caught) ?? SAVE_VIEW_FAILED);
    }
  };

  return (
    <section className={styles.views} aria-labelledby={`${platform}-views`}>
      <h2 id={`${platform}-views`} className={styles.heading}>
        Saved views
      </h2>
      <form className={styles.saveForm} onSubmit={(event) => void save(event)} noValidate>
        <TextField
          label="Name this view"
          name="viewName"
          value={name}
          error={error ?? undefined}
          onChange={(e) => setName(e.target.value)}
        />
        <Button type="submit" size="sm" disabled={create.isPending}>
          Save view
        </Button>
      </form>
      {views.isPending ? (
        <p className={styles.note}>Loading your views…</p>
      ) : views.isError ? (
        <p className={styles.error}>Could not load your saved views.</p>
      ) : views.data.length === 0 ? (
        <p className={styles.note}>No saved views yet: filter, sort and choose columns, then name the view.</p>
      ) : (
        <ul className={styles.viewList}>
          {views.data.map((view) => (
            <SavedViewItem key={view.id} view={view} onApply={() => onApply(view)} />
          ))}
        </ul>
      )}
    </section>
  );
}
