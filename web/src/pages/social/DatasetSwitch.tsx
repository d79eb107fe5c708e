import { DATASET_LABELS, DATASETS, teamRoleCan, type Dataset } from '@coinsight/contracts';
import { trpc } from '../../lib/trpc';
import styles from './DatasetSwitch.module.css';

/** Whose posts a screen reads: the shared dataset, the caller's own, or (`mine` with a team) a team's. */
export interface DatasetChoice {
  dataset: Dataset;
  /** With `mine`: the team whose dataset it is (its members' roles are checked by the server). */
  teamId?: string;
}

/** The dataset a screen reads from the address: `?dataset=mine` or the shared default. */
export const datasetFromParams = (params: URLSearchParams): Dataset => (params.get('dataset') === 'mine' ? 'mine' : 'shared');

/** The choice a screen reads from the address: `?dataset=mine&teamId=…` for a team's. */
export function choiceFromParams(params: URLSearchParams): DatasetChoice {
  const dataset = datasetFromParams(params);
  const teamId = params.get('teamId');
  return dataset === 'mine' && teamId ? { dataset, teamId } : { dataset };
}

/** Writes a choice into the address's parameters (the page is reset by the caller). */
export function setChoiceParams(params: URLSearchParams, choice: DatasetChoice): void {
  if (choice.dataset === 'mine') params.set('dataset', 'mine');
  else params.delete('dataset');
  if (choice.teamId) params.set('teamId', choice.teamId);
  else params.delete('teamId');
}

const keyOf = (choice: DatasetChoice) => (choice.teamId ? `team:${choice.teamId}` : choice.dataset);

/**
 * Shared data (what everyone reads), My data (the posts this account's scrape tasks brought in,
 * which nobody else sees), and one choice per team whose data the member's role reads (the posts
 * the team's tasks brought in): radios in a segmented control, as the task form's.
 */
export function DatasetSwitch({ value, onChange }: { value: DatasetChoice; onChange: (choice: DatasetChoice) => void }) {
  const teams = trpc.teams.list.useQuery(undefined, { retry: false });
  const choices: Array<{ choice: DatasetChoice; label: string }> = [
    ...DATASETS.map((dataset) => ({ choice: { dataset }, label: DATASET_LABELS[dataset] })),
    ...(teams.data ?? [])
      .filter((team) => teamRoleCan(team.role, 'readData'))
      .map((team) => ({ choice: { dataset: 'mine' as const, teamId: team.id }, label: `${team.name} data` })),
  ];
  const selected = keyOf(value);
  return (
    <fieldset className={choices.length > DATASETS.length ? styles.wide : styles.switch}>
      <legend className={styles.legend}>Dataset</legend>
      {choices.map(({ choice, label }) => (
        <label key={keyOf(choice)} className={styles.segment}>
          <input type="radio" name="dataset" value={keyOf(choice)} checked={selected === keyOf(choice)} onChange={() => onChange(choice)} />
          <span>{label}</span>
        </label>
      ))}
    </fieldset>
  );
}
