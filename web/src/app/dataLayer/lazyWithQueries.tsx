import { lazy, type ComponentType } from 'react';

/**
 * `lazy()` for a component that uses queries: its chunk and the query layer's load together (one
 * Suspense wait), and it renders inside the layer. Pages that read nothing through tRPC's hooks
 * use plain `lazy()` and never load it (routes.tsx).
 */
export function lazyWithQueries<Props extends object>(load: () => Promise<{ default: ComponentType<Props> }>) {
  return lazy(async () => {
    const [{ QueryLayer }, { default: Component }] = await Promise.all([import('./QueryLayer'), load()]);
    function WithQueries(props: Props) {
      return (
        <QueryLayer>
          <Component {...props} />
        </QueryLayer>
      );
    }
    return { default: WithQueries };
  });
}
