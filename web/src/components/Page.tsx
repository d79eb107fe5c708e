import type { ReactNode } from 'react';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { Container, PageHeader } from './ui';
import styles from './Page.module.css';

export interface PageProps {
  /** The page's name, used for the document title and, unless `heading` is given, the h1. */
  title: string;
  heading?: string;
  description: ReactNode;
  actions?: ReactNode;
  width?: 'wide' | 'narrow';
  children?: ReactNode;
}

/** The frame of a page inside the shared layout: document title, h1, lead text, content. */
export function Page({ title, heading = title, description, actions, width, children }: PageProps) {
  useDocumentTitle(title);
  return (
    <Container width={width} className={styles.page}>
      <PageHeader title={heading} description={description} actions={actions} />
      {children ? <div className={styles.body}>{children}</div> : null}
    </Container>
  );
}
