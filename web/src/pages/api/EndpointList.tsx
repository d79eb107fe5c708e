import { Link } from 'react-router';
import { Badge } from '../../components/ui';
import { byTag, prettyJson, type ApiOperation } from './openapi';
import { buildRequest, curlCommand, exampleValues } from './request';
import { SchemaView } from './SchemaView';
import styles from './Api.module.css';

export function MethodBadge({ method }: { method: string }) {
  return (
    <Badge tone={method === 'get' ? 'info' : method === 'delete' ? 'red' : 'green'} className={styles.method}>
      {method.toUpperCase()}
    </Badge>
  );
}

/** The example call with a placeholder for the key, or nothing when the example lacks a path value. */
function exampleCurl(operation: ApiOperation): string | null {
  try {
    const body = operation.requestBody?.example === undefined ? '{}' : JSON.stringify(operation.requestBody.example);
    return curlCommand(buildRequest(operation, exampleValues(operation), body, 'YOUR_API_KEY'), window.location.origin, true);
  } catch {
    return null;
  }
}

function Endpoint({ operation }: { operation: ApiOperation }) {
  const headingId = `op-${operation.operationId}`;
  const curl = exampleCurl(operation);
  return (
    <article className={styles.endpoint} aria-labelledby={headingId}>
      <h4 id={headingId} className={styles.endpointTitle}>
        <MethodBadge method={operation.method} /> <code className={styles.path}>{operation.path}</code>
      </h4>
      <p>{operation.summary}</p>
      <details className={styles.details}>
        <summary>
          Parameters, example and response<span className={styles.visuallyHidden}>: {operation.summary}</span>
        </summary>
        <div className={styles.detailsBody}>
          {operation.description ? <p className={styles.muted}>{operation.description}</p> : null}
          <h5 className={styles.minorTitle}>Parameters</h5>
          {operation.parameters.length === 0 ? (
            <p className={styles.muted}>None.</p>
          ) : (
            <ul className={styles.schema}>
              {operation.parameters.map((parameter) => (
                <li key={`${parameter.in}:${parameter.name}`}>
                  <code className={styles.fieldName}>{parameter.name}</code> <span className={styles.muted}>({parameter.in})</span>
                  {parameter.required ? <span className={styles.required}> required</span> : null}
                  {parameter.description ? <span> {parameter.description}</span> : null}
                  {parameter.example ? (
                    <span className={styles.muted}>
                      {' '}
                      Example: <code>{parameter.example}</code>
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
          {operation.requestBody ? (
            <>
              <h5 className={styles.minorTitle}>Request body{operation.requestBody.required ? '' : ' (optional)'}</h5>
              <SchemaView schema={operation.requestBody.schema} />
            </>
          ) : null}
          {curl ? (
            <>
              <h5 className={styles.minorTitle}>Example request</h5>
              <pre className={styles.code}>
                <code>{curl}</code>
              </pre>
            </>
          ) : null}
          <h5 className={styles.minorTitle}>Responses</h5>
          <ul className={styles.responses}>
            {operation.responses.map((response) => (
              <li key={response.status}>
                <p>
                  <code>{response.status}</code> {response.description}
                </p>
                {response.schema ? <SchemaView schema={response.schema} /> : null}
                {response.example !== undefined && response.status.startsWith('2') ? (
                  <pre className={styles.code}>
                    <code>{prettyJson(response.example)}</code>
                  </pre>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      </details>
      <p>
        <Link to={`/sandbox?op=${encodeURIComponent(operation.operationId)}`}>
          Try it in the Sandbox<span className={styles.visuallyHidden}>: {operation.summary}</span>
        </Link>
      </p>
    </article>
  );
}

/** The documented operations, grouped by tag. */
export function EndpointList({ operations }: { operations: readonly ApiOperation[] }) {
  if (operations.length === 0) return <p className={styles.muted}>No endpoints are documented yet.</p>;
  return (
    <div className={styles.stack}>
      {byTag(operations).map(([tag, items]) => (
        <section key={tag} className={styles.group} aria-label={`${tag} endpoints`}>
          <h3 className={styles.groupTitle}>{tag}</h3>
          <ul className={styles.endpoints}>
            {items.map((operation) => (
              <li key={operation.operationId}>
                <Endpoint operation={operation} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
