import type { ReactNode } from 'react';
import { BrandLink } from '@/components/ui/brand';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import './auth.css';

/** The centred card every auth page uses. */
export function AuthLayout({ title, description, children, footer }: { title: string; description?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className="auth-page">
      <main className="auth-card">
        <BrandLink to={paths.home.getHref()} className="auth-brand" />
        <h1 className="auth-title">{title}</h1>
        {description ? <p className="auth-description">{description}</p> : null}
        {children}
        {footer ? <div className="auth-footer">{footer}</div> : null}
      </main>
    </div>
  );
}
