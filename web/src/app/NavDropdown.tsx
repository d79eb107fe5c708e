import { useLocation } from 'react-router';
import { LinkItems } from '../components/LinkItems';
import { Chevron } from './Chevron';
import type { NavItem } from './navigation';
import styles from './NavDropdown.module.css';
import { useMenu } from './useMenu';

export interface NavDropdownProps {
  label: string;
  items: readonly NavItem[];
}

/** A disclosure menu of links: the site-navigation pattern, so Tab moves through the links. */
export function NavDropdown({ label, items }: NavDropdownProps) {
  const { open, close, menuId, rootProps, triggerProps } = useMenu();
  const { pathname } = useLocation();

  const active = items.some((item) => pathname === item.to || pathname.startsWith(`${item.to}/`));

  return (
    <div className={styles.dropdown} {...rootProps}>
      <button {...triggerProps} className={styles.trigger} data-active={active || undefined}>
        {label}
        <Chevron className={styles.chevron} />
      </button>
      {open ? (
        <ul id={menuId} className={styles.menu}>
          <LinkItems links={items} nav className={styles.item} onClick={close} />
        </ul>
      ) : null}
    </div>
  );
}
