import { Fragment } from 'react';
import { parseArticle, type Inline } from '../../lib/articleBlocks';
import styles from './Blog.module.css';

function Inlines({ inlines }: { inlines: Inline[] }) {
  return inlines.map((inline, index) =>
    inline.kind === 'code' ? <code key={index}>{inline.text}</code> : <Fragment key={index}>{inline.text}</Fragment>,
  );
}

/** A post's body as React elements: its text is never parsed as HTML. */
export function ArticleBody({ body }: { body: string }) {
  return (
    <div className={styles.article}>
      {parseArticle(body).map((block, index) => {
        switch (block.kind) {
          case 'heading':
            return <h2 key={index}>{block.text}</h2>;
          case 'paragraph':
            return (
              <p key={index}>
                <Inlines inlines={block.inlines} />
              </p>
            );
          case 'list':
            return (
              <ul key={index}>
                {block.items.map((item, itemIndex) => (
                  <li key={itemIndex}>
                    <Inlines inlines={item} />
                  </li>
                ))}
              </ul>
            );
          case 'code':
            return (
              // Focusable, so a keyboard user can scroll a long line sideways.
              <pre key={index} tabIndex={0}>
                <code>{block.text}</code>
              </pre>
            );
        }
      })}
    </div>
  );
}
