import { initials } from '@shared/rules/user-name';
import type { GoogleAccountView } from '@shared/schemas/google-calendar';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { apiErrorMessage } from '@/lib/api-client';
import { GOOGLE_TEXTS, useDisconnectGoogleAccount, useStartGoogleConnection } from '../api/google-calendar';

/** The account's picture when Google gave one, else its initials (decorative: the name is written beside it). */
function AccountAvatar({ account }: { account: GoogleAccountView }) {
  return account.picture ? (
    <img className="google-avatar" src={account.picture} alt="" width={36} height={36} referrerPolicy="no-referrer" />
  ) : (
    <span className="google-avatar google-avatar-initials" aria-hidden="true">
      {initials(account.name)}
    </span>
  );
}

/** 'Connected Google Accounts' (spec pages §2): each account with Remove; Add Account starts another consent. */
export function AccountsCard({ workspaceId, accounts }: { workspaceId: string; accounts: readonly GoogleAccountView[] }) {
  const connect = useStartGoogleConnection(workspaceId);
  const disconnect = useDisconnectGoogleAccount(workspaceId);
  const { confirm, dialog } = useConfirm();

  const remove = async (account: GoogleAccountView) => {
    const confirmed = await confirm({
      title: 'Remove Google account',
      message: `Remove ${account.email}? Its calendars and events disappear from TaskFlow and its access is revoked at Google.`,
      confirmLabel: 'Remove',
      danger: true,
    });
    if (confirmed) disconnect.mutate(account.id);
  };

  return (
    <Card
      title="Connected Google Accounts"
      actions={
        <Button size="sm" loading={connect.isPending} onClick={() => connect.mutate()}>
          Add Account
        </Button>
      }
    >
      {connect.isError ? <Alert>{apiErrorMessage(connect.error, GOOGLE_TEXTS.authUrlFailed)}</Alert> : null}
      {disconnect.isError ? <Alert>{apiErrorMessage(disconnect.error, GOOGLE_TEXTS.disconnectFailed)}</Alert> : null}
      <ul className="google-accounts">
        {accounts.map((account) => (
          <li key={account.id} className="google-account">
            <AccountAvatar account={account} />
            <div className="google-account-text">
              <strong>{account.name}</strong>
              <span className="muted">{account.email}</span>
              {account.needsReconnect ? (
                <span className="google-reconnect">Google no longer accepts this account's access. Remove it and connect it again.</span>
              ) : null}
            </div>
            <Button
              size="sm"
              variant="ghost"
              aria-label={`Remove ${account.email}`}
              loading={disconnect.isPending && disconnect.variables === account.id}
              onClick={() => void remove(account)}
            >
              Remove
            </Button>
          </li>
        ))}
      </ul>
      {dialog}
    </Card>
  );
}
