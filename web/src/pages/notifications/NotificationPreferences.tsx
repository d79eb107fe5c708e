import type { NotificationPreference } from '@coinsight/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { serverMessage } from '../../app/session';
import { FormAlert } from '../../components/forms';
import { useField } from '../../components/ui';
import { trpc } from '../../lib/trpc';
import styles from './NotificationPreferences.module.css';

export const PREFS_LOAD_FAILED_MESSAGE = 'Your notification preferences could not be loaded. Please reload the page.';
export const prefNotSavedMessage = (pref: Pick<NotificationPreference, 'name'>, enabled: boolean) =>
  `${pref.name} could not be saved, so it is still ${enabled ? 'off' : 'on'}. Please try again.`;

/** docs/product.md §3's preferences with their toggles: each switch shows the change at once and takes it back if the server refuses. */
export function NotificationPreferences() {
  const utils = trpc.useUtils();
  const prefs = trpc.alerts.preferences.get.useQuery();
  const [failure, setFailure] = useState<{ message: string; detail: string | null } | null>(null);
  const setEnabled = (id: NotificationPreference['id'], enabled: boolean) =>
    utils.alerts.preferences.get.setData(undefined, (current) => current?.map((pref) => (pref.id === id ? { ...pref, enabled } : pref)));

  const update = trpc.alerts.preferences.update.useMutation({
    onMutate: async (input) => {
      setFailure(null);
      // A reply to an earlier read must not overwrite the choice just made.
      await utils.alerts.preferences.get.cancel();
      setEnabled(input.id, input.enabled);
    },
    // Only this switch goes back: another one toggled meanwhile keeps its own fate.
    onError: (error, input) => {
      setEnabled(input.id, !input.enabled);
      const pref = prefs.data?.find((candidate) => candidate.id === input.id);
      setFailure({ message: prefNotSavedMessage(pref ?? { name: 'That preference' }, input.enabled), detail: serverMessage(error) });
    },
    onSuccess: (saved) => utils.alerts.preferences.get.setData(undefined, saved),
  });

  if (prefs.isPending) return <p className={styles.muted}>Loading your preferences…</p>;
  if (prefs.isError) return <FormAlert tone="error">{PREFS_LOAD_FAILED_MESSAGE}</FormAlert>;

  return (
    <div className={styles.root}>
      {failure ? (
        <FormAlert tone="error">
          <p>{failure.message}</p>
          {failure.detail ? <p>{failure.detail}</p> : null}
        </FormAlert>
      ) : null}
      <ul className={styles.list}>
        {prefs.data.map((pref) => (
          <PreferenceSwitch key={pref.id} pref={pref} onChange={(enabled) => update.mutate({ id: pref.id, enabled })} />
        ))}
      </ul>
      <p className={styles.muted}>
        Your alerts themselves are on the <Link to="/alerts">Alerts page</Link>; each one can also be kept to in-app notifications only.
      </p>
    </div>
  );
}

function PreferenceSwitch({ pref, onChange }: { pref: NotificationPreference; onChange: (enabled: boolean) => void }) {
  const { control, labelFor, hintId } = useField(undefined, true, false);
  return (
    <li className={styles.pref}>
      <div className={styles.text}>
        <label htmlFor={labelFor} className={styles.name}>
          {pref.name}
        </label>
        <p id={hintId} className={styles.muted}>
          {pref.description}
        </p>
      </div>
      <input
        {...control}
        type="checkbox"
        role="switch"
        className={styles.switch}
        checked={pref.enabled}
        onChange={(event) => onChange(event.target.checked)}
      />
    </li>
  );
}
