import { useEffect, type RefObject } from 'react';

/**
 * While `active`, calls `onDismiss` on Escape or on a pointer press outside `containerRef`.
 * Escape hands focus back to `returnFocusRef` so keyboard users stay where they were.
 */
export function useDismiss(
  active: boolean,
  onDismiss: () => void,
  containerRef: RefObject<HTMLElement | null>,
  returnFocusRef?: RefObject<HTMLElement | null>,
): void {
  useEffect(() => {
    if (!active) return;
    const onPointerDown = (event: Event) => {
      const container = containerRef.current;
      if (container && event.target instanceof Node && !container.contains(event.target)) onDismiss();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      onDismiss();
      returnFocusRef?.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [active, onDismiss, containerRef, returnFocusRef]);
}
