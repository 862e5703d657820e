import { useState } from 'react';
import { Button, buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { integrations } from '../data/catalogue';
import { GMAIL_URL, gmailFeatures, gmailPermissions, gmailWeekSummary, sampleEmails } from '../data/gmail';
import { useGmailState } from '../hooks/use-integration-state';
import { sampleTime } from '../utils/format';
import type { GmailSettings } from '../utils/integration-state';
import { GmailRules } from './gmail-rules';
import { IntegrationPage, IntegrationSettingsCards, PermissionsCard } from './integration-page';
import { PriorityLabel } from './priority-label';
import { SampleTime } from './sample-time';

const gmailSettingLabels: Record<keyof GmailSettings, { label: string; description: string }> = {
  autoCreateTasks: { label: 'Create tasks automatically', description: 'Emails that match an active rule become tasks without asking.' },
  sendReports: { label: 'Send weekly reports', description: 'Email a summary of finished and upcoming tasks every Monday.' },
  syncContacts: { label: 'Sync contacts', description: 'Keep the people you email as contacts of the workspace.' },
  emailDigest: { label: 'Daily email digest', description: 'A morning email with the tasks due today.' },
};

function NotConnected({ onConnect }: { onConnect: () => void }) {
  return (
    <div className="integration-layout">
      <Card title="Connect Gmail">
        <ul className="integration-bullets">
          {gmailFeatures.map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
        <div className="integration-connect">
          <Button variant="primary" onClick={onConnect}>
            Connect Gmail
          </Button>
          <p className="muted integration-small">
            A real connection would send you to Google to allow access. In this preview, Connect only marks Gmail as connected in this browser.
          </p>
        </div>
      </Card>
      <PermissionsCard permissions={gmailPermissions}>
        <p className="integration-small muted integration-privacy">
          <strong>Privacy:</strong> emails would be read only to apply your rules; their content would not be stored or shared, and you could disconnect at
          any time to revoke access.
        </p>
      </PermissionsCard>
    </div>
  );
}

function RecentEmails() {
  const [now] = useState(() => Date.now());
  return (
    <Card title="Recent Email Activity">
      <ul className="integration-items">
        {sampleEmails.map((email) => (
          <li key={email.id} className="integration-item">
            <div className="integration-item-main">
              <h3 className="integration-item-name">{email.subject}</h3>
              <p className="integration-item-text muted">
                From {email.from} · <SampleTime date={sampleTime(now, email.minutesAgo)} />
              </p>
              <p className="integration-item-tags">
                <PriorityLabel priority={email.priority} />
                {email.taskCreated ? <span className="integration-badge integration-badge-connected">Task Created</span> : null}
              </p>
            </div>
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** /integrations/gmail (spec pages §2 Gmail page, mock): connect, rules, activity, toggles, summary. */
export function GmailIntegration() {
  const [state, update] = useGmailState();
  const { confirm, dialog } = useConfirm();

  const disconnect = async () => {
    const confirmed = await confirm({
      title: 'Disconnect Gmail',
      message: 'Disconnect Gmail? Your rules and settings stay in this browser for when you connect again.',
      confirmLabel: 'Disconnect',
      danger: true,
    });
    if (confirmed) update((current) => ({ ...current, connected: false }));
  };

  return (
    <IntegrationPage integration={integrations.gmail} connected={state.connected}>
      {state.connected ? (
        <div className="integration-layout">
          <div className="integration-column">
            <GmailRules rules={state.rules} onChange={(change) => update((current) => ({ ...current, rules: change(current.rules) }))} />
            <RecentEmails />
          </div>
          <div className="integration-column">
            <IntegrationSettingsCards
              state={state}
              update={update}
              labels={gmailSettingLabels}
              statsTitle="This Week"
              stats={gmailWeekSummary}
              accountActions={
                <a href={GMAIL_URL} target="_blank" rel="noopener noreferrer" className={buttonClass()}>
                  Open Gmail<span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              }
              onDisconnect={() => void disconnect()}
            />
          </div>
        </div>
      ) : (
        <NotConnected onConnect={() => update((current) => ({ ...current, connected: true }))} />
      )}
      {dialog}
    </IntegrationPage>
  );
}
