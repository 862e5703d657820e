import { useId } from 'react';
import { useCurrentWorkspace } from '@/lib/current-workspace';
import { MembershipNoticeList } from './membership-notice-list';
import { noticedWorkspaces } from './noticed-workspaces';
import './membership-notices.css';

/**
 * Above every page while the user has unseen notices of being added. When they belong only to such
 * workspaces none is opened for them, and the banner asks which to open.
 */
export function MembershipNoticeBanner() {
  const { workspaces, currentWorkspace, loading } = useCurrentWorkspace();
  const titleId = useId();
  const notices = noticedWorkspaces(workspaces);
  if (loading || notices.length === 0) return null;
  return (
    <section className="membership-notice-banner" aria-labelledby={titleId}>
      <h2 id={titleId} className="membership-notice-title">
        {currentWorkspace ? 'You were added to a workspace' : 'Choose a workspace to open'}
      </h2>
      <MembershipNoticeList notices={notices} />
    </section>
  );
}
