import { useId, useRef, type FocusEvent } from 'react';
import { useDismiss } from './useDismiss';
import { useOpenUntilNavigation } from './useOpenUntilNavigation';

/**
 * A header menu's open state: closes on navigation, Escape, a press outside, or when focus
 * leaves it for another part of the page (Tab past its last item). The root's and the trigger's
 * props (refs, ARIA state, handlers) are the hook's, so every menu wires them alike.
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

  return {
    open,
    close,
    menuId,
    /** Spread on the element that holds the trigger and the menu. */
    rootProps: { ref: rootRef, onBlur },
    /** Spread on the trigger button: it says whether the menu is open, and which element it is. */
    triggerProps: {
      ref: triggerRef,
      type: 'button' as const,
      'aria-expanded': open,
      'aria-controls': open ? menuId : undefined,
      onClick: toggle,
    },
  };
}
