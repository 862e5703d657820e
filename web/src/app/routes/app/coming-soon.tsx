import { PageHeader } from '@/components/ui/page-header';

/** A page of the route table that a later feature builds: its heading and an honest note. */
export function ComingSoonRoute({ title }: { title: string }) {
  return (
    <div className="page">
      <PageHeader title={title} />
      <p className="muted">Coming soon.</p>
    </div>
  );
}
