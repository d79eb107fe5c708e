import { DATASET_LABELS, DATASETS, type Dataset } from '@coinsight/contracts';
import styles from './DatasetSwitch.module.css';

/** The dataset a screen reads from the address: `?dataset=mine` or the shared default. */
export const datasetFromParams = (params: URLSearchParams): Dataset => (params.get('dataset') === 'mine' ? 'mine' : 'shared');

/**
 * Shared data (what everyone reads) or My data (the posts this account's scrape tasks brought
 * in, which nobody else sees): radios in a segmented control, as the task form's.
 */
export function DatasetSwitch({ value, onChange }: { value: Dataset; onChange: (dataset: Dataset) => void }) {
  return (
    <fieldset className={styles.switch}>
      <legend className={styles.legend}>Dataset</legend>
      {DATASETS.map((dataset) => (
        <label key={dataset} className={styles.segment}>
          <input type="radio" name="dataset" value={dataset} checked={value === dataset} onChange={() => onChange(dataset)} />
          <span>{DATASET_LABELS[dataset]}</span>
        </label>
      ))}
    </fieldset>
  );
}
