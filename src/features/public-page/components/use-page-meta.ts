import { useEffect } from 'react';

/**
 * The document's title and description while the page is open (what a browser tab and a shared
 * link's preview read), restored when the visitor leaves for another route.
 */
export function usePageMeta(title: string | null, description: string | null) {
  useEffect(() => {
    if (title === null || description === null) return;
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    const created = !meta;
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    const previous = { title: document.title, description: meta.content };
    document.title = title;
    meta.content = description;
    return () => {
      document.title = previous.title;
      if (created) meta.remove();
      else meta.content = previous.description;
    };
  }, [title, description]);
}
