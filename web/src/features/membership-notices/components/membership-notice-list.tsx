import { Suspense } from 'react';
import { lazyWhenOnline } from '@/lib/lazy-when-online';
import type { NoticedWorkspace } from './noticed-workspaces';

// Most sessions have no notice: their code (Open, Leave, Dismiss and the leave confirmation) loads when one is shown.
const Notices = lazyWhenOnline(() => import('./membership-notice'), 'MembershipNotices');

/** The notices of being added, as a list (the banner's and the bell's). */
export function MembershipNoticeList({ notices }: { notices: readonly NoticedWorkspace[] }) {
  return (
    <ul className="membership-notice-list">
      <Suspense fallback={null}>
        <Notices notices={notices} />
      </Suspense>
    </ul>
  );
}
