import { withBaseUrl, type CodeExample } from '@coinsight/sdk/examples';
import { CodeBlock } from '../../components/ui';

/**
 * One of the docs' code examples (@coinsight/sdk/examples, the module a test runs against a live
 * server), with this site's origin as the API's base URL: the API is served where the app is.
 */
export function DocExample({ example }: { example: CodeExample }) {
  return <CodeBlock title={example.title} language={example.language} code={withBaseUrl(example.code, window.location.origin)} />;
}
