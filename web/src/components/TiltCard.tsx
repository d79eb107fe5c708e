import { useEffect, useRef, useState, type ReactNode } from 'react';
import { cx } from '../lib/cx';
import { usePrefersReducedMotion } from '../lib/usePrefersReducedMotion';
import styles from './TiltCard.module.css';

/** docs/product.md §9: the idle sway moves one step every 50 ms. */
export const IDLE_SWAY_INTERVAL_MS = 50;
/** Tilt at the card's edge when the pointer is there. */
export const MAX_TILT_DEG = 12;
const SWAY_DEG = 4;

export interface TiltCardProps {
  children: ReactNode;
  className?: string;
}

/**
 * A card that leans towards the mouse or finger, grows with a glow while touched or hovered,
 * and sways gently otherwise. With reduced motion requested it stays still. The angles live in
 * CSS custom properties set straight on the element: a sway step re-renders nothing.
 */
export function TiltCard({ children, className }: TiltCardProps) {
  const ref = useRef<HTMLDivElement>(null);
  const reducedMotion = usePrefersReducedMotion();
  const [active, setActive] = useState(false);
  // Read by the sway's timer: a tick already queued when the pointer arrives must not undo the lean
  // before the re-render stops the timer (seen on a loaded machine).
  const following = useRef(false);
  const [visible, setVisible] = useState(true);

  const setTilt = (x: number, y: number) => {
    ref.current?.style.setProperty('--tilt-x', `${x.toFixed(2)}deg`);
    ref.current?.style.setProperty('--tilt-y', `${y.toFixed(2)}deg`);
  };

  useEffect(() => {
    if (reducedMotion) setTilt(0, 0);
  }, [reducedMotion]);

  // Swaying off screen would spend frames on nothing anyone sees.
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setVisible(entry?.isIntersecting ?? true));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (reducedMotion || active || !visible) return;
    let step = 0;
    const timer = window.setInterval(() => {
      if (following.current) return;
      step += 1;
      const seconds = (step * IDLE_SWAY_INTERVAL_MS) / 1000;
      setTilt(Math.sin(seconds * 0.9) * SWAY_DEG, Math.cos(seconds * 0.7) * SWAY_DEG);
    }, IDLE_SWAY_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [reducedMotion, active, visible]);

  const follow = (clientX: number, clientY: number) => {
    const element = ref.current;
    if (reducedMotion || !element) return;
    const rect = element.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) return;
    // -0.5 at the left/top edge, 0.5 at the right/bottom edge.
    const x = Math.min(Math.max((clientX - rect.left) / rect.width, 0), 1) - 0.5;
    const y = Math.min(Math.max((clientY - rect.top) / rect.height, 0), 1) - 0.5;
    // The half under the pointer dips away from the viewer.
    setTilt(-y * 2 * MAX_TILT_DEG, x * 2 * MAX_TILT_DEG);
    element.style.setProperty('--glow-x', `${((x + 0.5) * 100).toFixed(1)}%`);
    element.style.setProperty('--glow-y', `${((y + 0.5) * 100).toFixed(1)}%`);
  };

  const start = () => {
    if (reducedMotion) return;
    following.current = true;
    setActive(true);
  };
  const end = () => {
    following.current = false;
    setActive(false);
    setTilt(0, 0);
  };

  return (
    <div className={cx(styles.scene, className)}>
      <div
        ref={ref}
        className={styles.card}
        data-testid="tilt-card"
        data-active={active}
        data-still={reducedMotion}
        onMouseEnter={start}
        onMouseMove={(event) => follow(event.clientX, event.clientY)}
        onMouseLeave={end}
        onTouchStart={(event) => {
          start();
          const touch = event.touches[0];
          if (touch) follow(touch.clientX, touch.clientY);
        }}
        onTouchMove={(event) => {
          const touch = event.touches[0];
          if (touch) follow(touch.clientX, touch.clientY);
        }}
        onTouchEnd={end}
        onTouchCancel={end}
      >
        {children}
      </div>
    </div>
  );
}
