import { useEffect } from 'react';
import { applyPreferences, followSystemTheme } from '../lib/preferences';
import type { AppData } from './dataLayer/appData';
import { useSession } from './session';

/**
 * Puts the signed-in account's preferences in force once the session knows it (docs/web-app.md,
 * "Preferences"): until then, and for a visitor, this device's copy holds. Also keeps the theme
 * following the device while it is `system`. Renders nothing.
 */
export function PreferencesSync({ client }: { client: AppData['client'] }) {
  const { user } = useSession();
  const userId = user?.id ?? null;

  useEffect(() => followSystemTheme(), []);

  useEffect(() => {
    if (userId === null) return;
    let current = true;
    client()
      .then((trpc) => trpc.preferences.get.query())
      .then(
        (preferences) => {
          if (current) applyPreferences(preferences);
        },
        // Unread, the device's copy stays in force; the next sign-in or reload asks again.
        () => {},
      );
    return () => {
      current = false;
    };
  }, [client, userId]);

  return null;
}
