import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function NotFoundRoute() {
  useDocumentTitle('Page not found');
  return (
    <div className="full-page-center">
      <main className="error-card">
        <p className="error-code">404</p>
        <h1>Page not found</h1>
        <p className="muted">The page you are looking for does not exist.</p>
        <Link to={paths.home.getHref()} className="btn btn-primary">
          Go to home page
        </Link>
      </main>
    </div>
  );
}
