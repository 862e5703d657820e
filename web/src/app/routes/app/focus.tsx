import { PageHeader } from '@/components/ui/page-header';
import { FocusTimer } from '@/features/focus/components/focus-timer';

/** /focus (spec pages §2 Focus Mode). */
export function FocusRoute() {
  return (
    <div className="page">
      <PageHeader title="Focus Mode" description="Work in focused sessions with short breaks between them." />
      <FocusTimer />
    </div>
  );
}
