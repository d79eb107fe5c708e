import type { ReactNode } from 'react';
import { Page } from '../../components/Page';
import styles from './LegalDocument.module.css';

export interface LegalSection {
  title: string;
  body: ReactNode;
}

export interface LegalDocumentProps {
  title: string;
  description: string;
  /** ISO date the text last changed. */
  updated: string;
  sections: readonly LegalSection[];
}

const longDate = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** Numbered sections with a table of contents, for the Terms and the Privacy Policy. */
export function LegalDocument({ title, description, updated, sections }: LegalDocumentProps) {
  const ids = sections.map((_, index) => `section-${index + 1}`);
  return (
    <Page title={title} description={description} width="narrow">
      <p className={styles.updated}>
        Last updated: <time dateTime={updated}>{longDate.format(new Date(`${updated}T00:00:00Z`))}</time>
      </p>
      <nav aria-label="Sections" className={styles.toc}>
        <ol>
          {sections.map((section, index) => (
            <li key={section.title}>
              <a href={`#${ids[index]}`}>{section.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((section, index) => (
        <section key={section.title} id={ids[index]} className={styles.section} aria-labelledby={`${ids[index]}-title`}>
          <h2 id={`${ids[index]}-title`} className={styles.title}>
            {index + 1}. {section.title}
          </h2>
          <div className={styles.body}>{section.body}</div>
        </section>
      ))}
    </Page>
  );
}
