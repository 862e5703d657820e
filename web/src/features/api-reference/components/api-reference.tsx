import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { Field } from '@/components/ui/field';
import { LoadError } from '@/components/ui/load-error';
import { MarkdownContent } from '@/components/ui/markdown';
import { SkeletonLines } from '@/components/ui/skeleton';
import { apiReferenceQueryOptions, LOAD_API_REFERENCE_FAILED, openApiDocumentUrl, type ApiReference } from '../api/openapi';
import './api-reference.css';

type Operation = ApiReference['operations'][number];

const schemaText = (schema: unknown) => JSON.stringify(schema, null, 2);

/** One route: its method and path, opened for its parameters, body and answers. */
function OperationEntry({ operation }: { operation: Operation }) {
  const bodySchema = operation.requestBody?.content['application/json']?.schema;
  return (
    <details className="api-operation">
      <summary>
        <span className={`api-method api-method-${operation.method.toLowerCase()}`}>{operation.method}</span> <code>{operation.path}</code>{' '}
        <span className="muted">{operation.summary}</span>
      </summary>
      <p>{operation.security.length > 0 ? 'Needs a sign-in or an API token.' : 'Public: no credential needed.'}</p>
      {operation.parameters && operation.parameters.length > 0 ? (
        <table className="api-parameters">
          <caption>Parameters</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">In</th>
              <th scope="col">Required</th>
              <th scope="col">Schema</th>
            </tr>
          </thead>
          <tbody>
            {operation.parameters.map((parameter) => (
              <tr key={`${parameter.in}-${parameter.name}`}>
                <td>
                  <code>{parameter.name}</code>
                </td>
                <td>{parameter.in}</td>
                <td>{parameter.required ? 'yes' : 'no'}</td>
                <td>
                  <code>{JSON.stringify(parameter.schema)}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {bodySchema ? (
        <>
          <h4>Request body (JSON)</h4>
          <pre className="api-schema">{schemaText(bodySchema)}</pre>
        </>
      ) : null}
      <h4>Answers</h4>
      <ul className="api-responses">
        {Object.entries(operation.responses).map(([status, response]) => {
          const schema = response.content ? Object.values(response.content)[0]?.schema : undefined;
          return (
            <li key={status}>
              <strong>{status}</strong> {response.description ?? (response.$ref ? `${response.$ref.split('/').pop() ?? ''}: the error body` : '')}
              {schema ? <pre className="api-schema">{schemaText(schema)}</pre> : null}
            </li>
          );
        })}
      </ul>
    </details>
  );
}

/**
 * The API reference, from the server's own OpenAPI document: its conventions, then every route grouped as
 * the handlers are, each opened for its parameters, body and answers; a filter by path or name.
 */
export function ApiReferenceView() {
  const reference = useQuery(apiReferenceQueryOptions());
  const [filter, setFilter] = useState('');
  const wanted = useDeferredValue(filter.trim().toLowerCase());
  if (reference.isError) return <LoadError what="the API reference" message={LOAD_API_REFERENCE_FAILED.replace(/\.$/, '')} error={reference.error} onRetry={() => void reference.refetch()} />;
  if (!reference.data) return <SkeletonLines label="Loading the API reference…" lines={8} />;
  const shown = reference.data.operations.filter((operation) => wanted === '' || `${operation.method} ${operation.path} ${operation.summary}`.toLowerCase().includes(wanted));
  const groups = [...new Set(shown.map((operation) => operation.tags[0] ?? 'api'))].sort();
  return (
    <div className="api-reference">
      <MarkdownContent>{reference.data.description}</MarkdownContent>
      <p>
        The machine-readable document (OpenAPI 3.1): <a href={openApiDocumentUrl()}>openapi.json</a>
      </p>
      <Field label="Filter routes" type="search" value={filter} onChange={(event) => setFilter(event.target.value)} placeholder="tasks, POST, labels…" />
      <p role="status" className="muted">
        {shown.length === reference.data.operations.length ? `${shown.length} routes` : `${shown.length} of ${reference.data.operations.length} routes`}
      </p>
      {groups.map((group) => (
        <section key={group} aria-labelledby={`api-group-${group}`}>
          <h2 id={`api-group-${group}`}>{group}</h2>
          {shown
            .filter((operation) => (operation.tags[0] ?? 'api') === group)
            .map((operation) => (
              <OperationEntry key={operation.operationId} operation={operation} />
            ))}
        </section>
      ))}
    </div>
  );
}
