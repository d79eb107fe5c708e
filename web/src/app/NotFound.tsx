import { ButtonLink } from '../components/ui';
import { Page } from '../components/Page';

export const NOT_FOUND_TITLE = 'Page not found';

interface NotFoundProps {
  title?: string;
  description?: string;
  /** Where the one button leads. */
  back?: { to: string; label: string };
}

/** Nothing at this address: the site's 404 page, and the blog's for a post that does not exist. */
export function NotFound({
  title = NOT_FOUND_TITLE,
  description = 'There is no page at this address. The link may be mistyped, or the page may have moved.',
  back = { to: '/', label: 'Back to home' },
}: NotFoundProps) {
  return (
    <Page title={title} description={description} width="narrow">
      <ButtonLink to={back.to} size="lg">
        {back.label}
      </ButtonLink>
    </Page>
  );
}
