import { LIST_FILTERS, PLATFORM_LABELS, SOCIAL_MESSAGES, type SocialPlatform } from '@coinsight/contracts';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { FormAlert } from '../../components/forms';
import { Page } from '../../components/Page';
import { Pagination } from '../../components/Pagination';
import { Button, Table } from '../../components/ui';
import { formatCount } from '../../lib/formatNumber';
import { DatasetSwitch, choiceFromParams, setChoiceParams, type DatasetChoice } from './DatasetSwitch';
import { FiltersForm, type FilterValues } from './FiltersForm';
import { PLATFORM_COLUMNS } from './platformColumns';
import styles from './PostsTable.module.css';
import { ColumnsChooser } from './ColumnsChooser';
import { SavedViews } from './SavedViews';
import { TableDownload } from './TableDownload';
import tools from './TableTools.module.css';
import { checkQuery, nextSort, queryFromParams, sortFromParams } from './tableState';
import { HIDE_PARAM, hiddenColumnsFromParams, paramsFromViewState, viewStateFromParams } from './tableView';
import { usePostPage } from './usePostPage';

export interface PostsTablePageProps<P extends SocialPlatform> {
  platform: P;
  description: string;
}

/**
 * A platform's posts (docs/product.md §2, §4): filters, sortable columns, pages with a jump, rows that
 * expand to the full text. The query lives in the address, so a filtered, sorted page can be
 * bookmarked, shared and reached again with Back.
 */
export function PostsTablePage<P extends SocialPlatform>({ platform, description }: PostsTablePageProps<P>) {
  const label = PLATFORM_LABELS[platform];
  const [params, setParams] = useSearchParams();
  const choice = choiceFromParams(params);
  const { dataset } = choice;
  const checked = checkQuery(platform, queryFromParams(platform, params));
  const sort = sortFromParams(platform, params);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());

  const result = usePostPage(platform, checked.ok ? checked.query : null);
  const data = result.data;
  const problem = checked.ok ? null : checked.problem;

  const update = (change: (next: URLSearchParams) => void) => {
    const next = new URLSearchParams(params);
    change(next);
    setParams(next);
  };
  const applyFilters = (values: FilterValues) =>
    update((next) => {
      for (const name of LIST_FILTERS[platform]) next.delete(name);
      for (const [name, value] of Object.entries(values)) next.set(name, value);
      next.delete('page');
    });
  const changeSort = (column: string) =>
    update((next) => {
      const sorted = nextSort(sort, column);
      next.set('sortBy', sorted.sortBy);
      next.set('sortOrder', sorted.sortOrder);
      next.delete('page');
    });
  const changePage = (page: number) => update((next) => (page > 1 ? next.set('page', String(page)) : next.delete('page')));
  const toggle = (id: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const changeDataset = (next: DatasetChoice) =>
    update((query) => {
      setChoiceParams(query, next);
      query.delete('page');
    });
  const startOver = () => {
    const next = new URLSearchParams();
    setChoiceParams(next, choice);
    setParams(next);
  };
  const hidden = hiddenColumnsFromParams(platform, params);
  const changeHidden = (next: string[]) =>
    update((query) => (next.length > 0 ? query.set(HIDE_PARAM, next.join(',')) : query.delete(HIDE_PARAM)));
  const columnChoices = PLATFORM_COLUMNS[platform](expanded).map((column) => ({ key: column.key, label: String(column.header) }));

  const filters = Object.fromEntries(LIST_FILTERS[platform].flatMap((name) => (params.get(name) ? [[name, params.get(name) ?? '']] : [])));
  const filterProblem = problem && (LIST_FILTERS[platform] as readonly string[]).includes(problem.field) ? problem : null;
  const pastTheEnd = data && data.pagination.pages > 0 && data.pagination.page > data.pagination.pages ? data.pagination : null;

  return (
    <Page title={label} heading={`${label} Data`} description={description}>
      <DatasetSwitch value={choice} onChange={changeDataset} />
      <div className={tools.layout}>
        <div className={tools.main}>
          <FiltersForm
            key={JSON.stringify([filters, filterProblem])}
            platform={platform}
            initial={filters}
            initialError={filterProblem}
            onApply={applyFilters}
          />
          {problem ? null : (
            <div className={tools.toolbar}>
              <TableDownload
                platform={platform}
                params={params}
                total={data ? { count: data.pagination.total, estimate: !!data.pagination.totalIsEstimate } : null}
              />
              <ColumnsChooser columns={columnChoices} hidden={hidden} onChange={changeHidden} />
            </div>
          )}
          {problem ? (
            <FormAlert tone="error">
              <p>{problem.message}</p>
              <Button size="sm" variant="secondary" onClick={startOver}>
                {filterProblem ? 'Reset filters' : 'Show the first page'}
              </Button>
            </FormAlert>
          ) : result.isPending ? (
            <p className={styles.status} role="status">
              Loading {label} posts…
            </p>
          ) : result.isError && !data ? (
            <FormAlert tone="error">
              <p>{refusal(result.error) ?? SOCIAL_MESSAGES.tableLoadFailed(platform)}</p>
              <Button size="sm" variant="secondary" onClick={() => void result.refetch()}>
                Try again
              </Button>
            </FormAlert>
          ) : pastTheEnd ? (
            <div className={styles.stack}>
              <p className={styles.status}>
                There is no page {formatCount(pastTheEnd.page)}: the {pastTheEnd.totalIsEstimate ? 'about ' : ''}
                {formatCount(pastTheEnd.total)} {pastTheEnd.total === 1 ? 'post fills' : 'posts fill'} {formatCount(pastTheEnd.pages)}{' '}
                {pastTheEnd.pages === 1 ? 'page' : 'pages'}.
              </p>
              <div>
                <Button size="sm" onClick={() => changePage(pastTheEnd.pages)}>
                  Go to the last page
                </Button>
              </div>
            </div>
          ) : (
            <div className={styles.stack}>
              {result.isError ? (
                <FormAlert tone="error">
                  <p>{SOCIAL_MESSAGES.tableLoadFailed(platform)}</p>
                </FormAlert>
              ) : null}
              <div className={result.isFetching ? styles.busy : undefined} aria-busy={result.isFetching}>
                <Table
                  caption={choice.teamId ? `The team's ${label} posts` : dataset === 'mine' ? `Your ${label} posts` : `${label} posts`}
                  // A creator page is the shared dataset's: an author of one's own posts may have none.
                  columns={PLATFORM_COLUMNS[platform](expanded, dataset === 'shared').filter((column) => !hidden.includes(column.key))}
                  rows={data?.data ?? []}
                  rowKey={(row) => row._id}
                  emptyMessage={SOCIAL_MESSAGES.tableEmpty}
                  sort={{ key: sort.sortBy, order: sort.sortOrder }}
                  onSortChange={changeSort}
                  onRowClick={(row) => toggle(row._id)}
                />
              </div>
              {data && data.pagination.total > 0 ? (
                <Pagination
                  page={data.pagination.page}
                  pages={data.pagination.pages}
                  total={data.pagination.total}
                  totalIsEstimate={data.pagination.totalIsEstimate}
                  limit={data.pagination.limit}
                  noun="posts"
                  onPageChange={changePage}
                />
              ) : null}
            </div>
          )}
        </div>
        <SavedViews
          platform={platform}
          current={viewStateFromParams(platform, params)}
          onApply={(view) => setParams(paramsFromViewState(view.state))}
        />
      </div>
    </Page>
  );
}

/** A refusal (4xx) carries the server's reason; anything else reads as an outage. */
function refusal(error: { message: string; data?: { httpStatus?: number } | null }): string | null {
  const status = error.data?.httpStatus;
  return status !== undefined && status >= 400 && status < 500 ? error.message : null;
}
