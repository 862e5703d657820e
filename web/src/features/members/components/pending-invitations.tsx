import type { InvitationView } from '@shared/schemas/member';
import { ActionAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SkeletonLines } from '@/components/ui/skeleton';
import { expiryText } from '../utils/invitation-expiry';
import { roleLabels } from '../utils/permissions';
import { formatDate } from '@/lib/format-date';

/** Invitations waiting for the person to sign up (owner and admin see them), each with its expiry and Revoke. */
export function PendingInvitations({
  invitations,
  loading,
  error,
  onRetry,
  revoking,
  onRevoke,
}: {
  invitations: readonly InvitationView[];
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  /** The address whose revocation is running. */
  revoking: string | null;
  onRevoke: (invitation: InvitationView) => void;
}) {
  return (
    <section className="card" aria-labelledby="pending-invitations-title">
      <h2 id="pending-invitations-title" className="card-title">
        Pending Invitations
      </h2>
      {loading ? (
        <SkeletonLines label="Loading invitations..." lines={2} />
      ) : error ? (
        <ActionAlert message={error} actionLabel="Retry" onAction={onRetry} />
      ) : invitations.length === 0 ? (
        <p className="muted">No pending invitations</p>
      ) : (
        <ul className="member-list" aria-labelledby="pending-invitations-title">
          {invitations.map((invitation) => (
            <li key={invitation.email} className="member-row">
              <span className="member-identity">
                <span className="member-name">{invitation.email}</span>
                <span className="member-email">
                  Invited {formatDate(invitation.createdAt)} · {expiryText(invitation.expiresAt, new Date())}
                </span>
              </span>
              <span className="member-controls">
                <span className={`role-badge role-badge-${invitation.role}`}>{roleLabels[invitation.role]}</span>
                <Button size="sm" variant="ghost" loading={revoking === invitation.email} onClick={() => onRevoke(invitation)}>
                  Revoke<span className="visually-hidden"> the invitation of {invitation.email}</span>
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
