import { HEADER_SCROLL_THRESHOLD_PX } from '@coinsight/contracts';
import { NavLink } from 'react-router';
import { ButtonLink, Container } from '../components/ui';
import styles from './Header.module.css';
import { Logo } from './Logo';
import { MobileMenu } from './MobileMenu';
import { NavDropdown } from './NavDropdown';
import { headerLinks, productLinks, SIGN_IN_PATH, SIGN_UP_PATH, solutionLinks } from './navigation';
import { useScrolledPast } from './useScrolledPast';

export function Header() {
  const scrolled = useScrolledPast(HEADER_SCROLL_THRESHOLD_PX);

  return (
    <header className={styles.header} data-scrolled={scrolled}>
      <Container className={styles.inner}>
        <Logo />
        <nav className={styles.nav} aria-label="Main">
          <ul className={styles.navList}>
            <li>
              <NavDropdown label="Products" items={productLinks} />
            </li>
            <li>
              <NavDropdown label="Solutions" items={solutionLinks('desktop')} />
            </li>
            {headerLinks.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} className={styles.link}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className={styles.actions}>
          <ButtonLink to={SIGN_IN_PATH} variant="ghost">
            Sign In
          </ButtonLink>
          <ButtonLink to={SIGN_UP_PATH}>Sign Up</ButtonLink>
        </div>
        <div className={styles.mobile}>
          <MobileMenu />
        </div>
      </Container>
    </header>
  );
}
