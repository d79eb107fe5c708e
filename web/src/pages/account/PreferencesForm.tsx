import { NUMBER_FORMATS, THEMES, type NumberFormat, type Preferences, type Theme } from '@coinsight/contracts';
import { useState, type FormEvent } from 'react';
import { serverMessage } from '../../app/session';
import { FormOutcomeAlert, formStyles, type FormOutcome } from '../../components/forms';
import { Button, Select } from '../../components/ui';
import { formatTime } from '../../lib/formatTime';
import { applyPreferences, preferencesRevision, usePreferences } from '../../lib/preferences';
import { trpc } from '../../lib/trpc';

export const PREFERENCES_SAVED_MESSAGE = 'Preferences saved.';
export const PREFERENCES_FAILED_MESSAGE = 'Your preferences could not be saved. Please try again.';

const THEME_LABELS: Record<Theme, string> = { system: "This device's setting", light: 'Light', dark: 'Dark' };
const NUMBER_LABELS: Record<NumberFormat, string> = {
  comma_period: '1,234.5',
  period_comma: '1.234,5',
  space_comma: '1 234,5',
};

/** Every zone the browser knows, UTC first: a choice it could not show is not offered. */
function timeZones(): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...zones.filter((zone) => zone !== 'UTC')];
}

function deviceZone(): string {
  return new Intl.DateTimeFormat().resolvedOptions().timeZone;
}

// Saving re-renders every page (the times and figures on it change), this form included: the
// revision the last save made tells the new form to say it was saved.
let savedAtRevision: number | null = null;

/** Settings → Profile → Preferences: time zone, theme and number format, saved to the account. */
export function PreferencesForm() {
  const current = usePreferences();
  const [values, setValues] = useState<Preferences>(current);
  const [outcome, setOutcome] = useState<FormOutcome | null>(() =>
    savedAtRevision === preferencesRevision() ? { tone: 'success', message: PREFERENCES_SAVED_MESSAGE } : null,
  );
  const update = trpc.preferences.update.useMutation();
  const zones = timeZones();
  const device = deviceZone();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    try {
      const saved = await update.mutateAsync(values);
      setOutcome({ tone: 'success', message: PREFERENCES_SAVED_MESSAGE });
      savedAtRevision = preferencesRevision() + 1;
      applyPreferences(saved);
    } catch (error) {
      setOutcome({ tone: 'error', message: serverMessage(error) ?? PREFERENCES_FAILED_MESSAGE });
    }
  };

  return (
    <form className={formStyles.form} onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Preferences">
      <FormOutcomeAlert outcome={outcome} />
      <Select
        label="Time zone"
        value={values.timeZone}
        onChange={(event) => setValues({ ...values, timeZone: event.target.value })}
        options={zones.map((zone) => ({ value: zone, label: zone === device ? `${zone} (this device)` : zone }))}
        hint={`Every time is shown in it, with UTC on hover. Now: ${formatTime(new Date(), 'time')}.`}
      />
      <Select
        label="Theme"
        value={values.theme}
        onChange={(event) => setValues({ ...values, theme: THEMES.find((theme) => theme === event.target.value) ?? 'system' })}
        options={THEMES.map((theme) => ({ value: theme, label: THEME_LABELS[theme] }))}
      />
      <Select
        label="Number format"
        value={values.numberFormat}
        onChange={(event) =>
          setValues({ ...values, numberFormat: NUMBER_FORMATS.find((format) => format === event.target.value) ?? 'comma_period' })
        }
        options={NUMBER_FORMATS.map((format) => ({ value: format, label: NUMBER_LABELS[format] }))}
      />
      <div className={formStyles.actions}>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save Preferences'}
        </Button>
      </div>
    </form>
  );
}
