import { LinkItems } from '../components/LinkItems';
import { Container } from '../components/ui';
import { ApiStatus } from './ApiStatus';
import styles from './Footer.module.css';
import { Logo } from './Logo';
import { footerLinks } from './navigation';

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className={styles.footer}>
      <Container className={styles.inner}>
        <div className={styles.brand}>
          <Logo />
          <ApiStatus />
        </div>
        <nav aria-label="Footer">
          <ul className={styles.links}>
            <LinkItems links={footerLinks} className={styles.link} />
          </ul>
        </nav>
        <p className={styles.copyright}>© {year} Coinsight</p>
      </Container>
    </footer>
  );
}
