import type { ReactNode } from 'react';

interface TitledSectionProps {
  /** The heading's id, which names the section (aria-labelledby). */
  id: string;
  title: ReactNode;
  className?: string;
  titleClassName?: string;
  children?: ReactNode;
}

/** A page section named by its h2: a region a screen reader lists under the heading's words. */
export function TitledSection({ id, title, className, titleClassName, children }: TitledSectionProps) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className={titleClassName}>
        {title}
      </h2>
      {children}
    </section>
  );
}
