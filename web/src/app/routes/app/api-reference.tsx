import { Link } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { ApiReferenceView } from '@/features/api-reference/components/api-reference';

/** /settings/api: the HTTP API's reference, for people writing scripts and integrations with API tokens. */
export function ApiReferenceRoute() {
  return (
    <div className="page">
      <PageHeader title="API reference" description="Every route of TaskFlow's HTTP API, generated from the same schemas the server checks requests with." />
      <p className="api-reference-intro">
        <Link to={paths.app.settings.getHref()}>Back to Settings</Link> (API tokens are made there).
      </p>
      <ApiReferenceView />
    </div>
  );
}
