import { ButtonLink } from '../components/ui';
import { Page } from '../components/Page';

export const NOT_FOUND_TITLE = 'Page not found';

export function NotFound() {
  return (
    <Page
      title={NOT_FOUND_TITLE}
      description="There is no page at this address. The link may be mistyped, or the page may have moved."
      width="narrow"
    >
      <ButtonLink to="/" size="lg">
        Back to home
      </ButtonLink>
    </Page>
  );
}
