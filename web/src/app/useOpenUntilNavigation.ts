import { useCallback, useState } from 'react';
import { useLocation } from 'react-router';

/**
 * Open/closed state for menus that must close when the route changes. Remembering the location
 * the menu was opened at, rather than resetting from an effect, closes it in the same render as
 * the navigation, including back and forward.
 */
export function useOpenUntilNavigation() {
  const { key } = useLocation();
  const [openedAt, setOpenedAt] = useState<string | null>(null);
  const open = openedAt === key;
  const close = useCallback(() => setOpenedAt(null), []);
  const toggle = useCallback(() => setOpenedAt((current) => (current === key ? null : key)), [key]);
  return { open, close, toggle };
}
