import { useEffect } from 'react';

function descriptionTag(): HTMLMetaElement | null {
  return document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
}

// index.html's description describes the whole site; pages without their own fall back to it.
let siteDescription: string | null = null;

/** Sets the page's meta description while it is shown, and puts the site's back afterwards. */
export function useMetaDescription(description: string | undefined): void {
  useEffect(() => {
    const tag = descriptionTag();
    if (!tag) return;
    siteDescription ??= tag.content;
    tag.content = description ?? siteDescription;
    return () => {
      tag.content = siteDescription ?? '';
    };
  }, [description]);
}
