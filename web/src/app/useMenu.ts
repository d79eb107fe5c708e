import { useId, useRef, type FocusEvent } from 'react';
import { useDismiss } from './useDismiss';
import { useOpenUntilNavigation } from './useOpenUntilNavigation';

/**
 * A header menu's open state: closes on navigation, Escape, a press outside, or when focus
 * leaves it for another part of the page (Tab past its last item).
 */
export function useMenu() {
  const { open, close, toggle } = useOpenUntilNavigation();
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  useDismiss(open, close, rootRef, triggerRef);

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    const next = event.relatedTarget;
    if (next instanceof Node && !event.currentTarget.contains(next)) close();
  };

  return { open, close, toggle, rootRef, triggerRef, menuId, onBlur };
}
