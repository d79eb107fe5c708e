import type { ReactNode } from 'react';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { useMetaDescription } from '../lib/usePageMeta';
import { Container, PageHeader } from './ui';
import styles from './Page.module.css';

export interface PageProps {
  /** The page's name, used for the document title and, unless `heading` is given, the h1. */
  title: string;
  heading?: string;
  description: ReactNode;
  /** The meta description for search results and link previews; defaults to `description` when that is text. */
  metaDescription?: string;
  actions?: ReactNode;
  width?: 'wide' | 'narrow';
  children?: ReactNode;
}

/** The frame of a page inside the shared layout: document title, h1, lead text, content. */
export function Page({ title, heading = title, description, metaDescription, actions, width, children }: PageProps) {
  useDocumentTitle(title);
  useMetaDescription(metaDescription ?? (typeof description === 'string' ? description : undefined));
  return (
    <Container width={width} className={styles.page}>
      <PageHeader title={heading} description={description} actions={actions} />
      {children ? <div className={styles.body}>{children}</div> : null}
    </Container>
  );
}
