import { useId, useRef, type FocusEvent } from 'react';
import { NavLink, useLocation } from 'react-router';
import { Chevron } from './Chevron';
import type { NavItem } from './navigation';
import styles from './NavDropdown.module.css';
import { useDismiss } from './useDismiss';
import { useOpenUntilNavigation } from './useOpenUntilNavigation';

export interface NavDropdownProps {
  label: string;
  items: readonly NavItem[];
}

/** A disclosure menu of links: the site-navigation pattern, so Tab moves through the links. */
export function NavDropdown({ label, items }: NavDropdownProps) {
  const { open, close, toggle } = useOpenUntilNavigation();
  const { pathname } = useLocation();
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  useDismiss(open, close, rootRef, triggerRef);

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    const next = event.relatedTarget;
    if (next instanceof Node && !event.currentTarget.contains(next)) close();
  };

  const active = items.some((item) => pathname === item.to || pathname.startsWith(`${item.to}/`));

  return (
    <div className={styles.dropdown} ref={rootRef} onBlur={onBlur}>
      <button
        ref={triggerRef}
        type="button"
        className={styles.trigger}
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        data-active={active || undefined}
        onClick={toggle}
      >
        {label}
        <Chevron className={styles.chevron} />
      </button>
      {open ? (
        <ul id={menuId} className={styles.menu}>
          {items.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} className={styles.item} onClick={close}>
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
