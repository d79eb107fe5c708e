import type { ReactNode } from 'react';
import { LinkItems } from '../../components/LinkItems';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import styles from './AuthPage.module.css';

export interface AuthPageProps {
  title: string;
  description: ReactNode;
  links?: ReadonlyArray<{ to: string; label: string; state?: unknown }>;
  children?: ReactNode;
}

/** The content of an account screen inside the auth layout's card. */
export function AuthPage({ title, description, links = [], children }: AuthPageProps) {
  useDocumentTitle(title);
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.description}>{description}</p>
      {children}
      {links.length > 0 ? (
        <ul className={styles.links}>
          <LinkItems links={links} />
        </ul>
      ) : null}
    </div>
  );
}
