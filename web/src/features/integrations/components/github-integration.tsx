import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { integrations } from '../data/catalogue';
import {
  githubActivityLabels,
  githubAutomationRules,
  githubMonthStats,
  githubPermissions,
  sampleGithubActivity,
  sampleRepositories,
  type SampleRepository,
} from '../data/github';
import { useGithubState } from '../hooks/use-integration-state';
import { sampleTime } from '../utils/format';
import { disconnectGithub, toggleRepository, type GithubSettings } from '../utils/integration-state';
import { IntegrationPage, IntegrationSettingsCards, PermissionsCard } from './integration-page';
import { SampleTime } from './sample-time';
import { Switch } from '@/components/ui/switch';

const githubSettingLabels: Record<keyof GithubSettings, { label: string; description: string }> = {
  syncIssues: { label: 'Sync issues', description: 'Show the issues of the chosen repositories beside their tasks.' },
  syncPullRequests: { label: 'Sync pull requests', description: 'Link pull requests to the tasks they mention.' },
  syncCommits: { label: 'Sync commits', description: 'List commits that mention a task on that task.' },
  createTasksFromIssues: { label: 'Create tasks from issues', description: 'A new issue becomes a task in the linked project.' },
  notifyOnPR: { label: 'Notify on pull requests', description: 'Tell the task’s assignee when a linked pull request changes.' },
};

function RepositoryItem({ repository, selected, onToggle }: { repository: SampleRepository; selected: boolean; onToggle: () => void }) {
  return (
    <li className="integration-item">
      <div className="integration-item-main">
        <div className="integration-item-title">
          <h3 className="integration-item-name">{repository.fullName}</h3>
          {repository.private ? <span className="integration-badge">Private</span> : null}
        </div>
        <p className="integration-item-text muted">{repository.description}</p>
        <p className="integration-item-tags muted">
          <span>{repository.language}</span>
          <span>
            <span aria-hidden="true">★ </span>
            {repository.stars} stars
          </span>
          <span>{repository.openIssues} issues</span>
          <span>{repository.openPullRequests} PRs</span>
        </p>
      </div>
      <div className="integration-item-actions">
        <Switch
          label={
            <>
              Sync<span className="visually-hidden"> {repository.fullName}</span>
            </>
          }
          checked={selected}
          onChange={onToggle}
        />
      </div>
    </li>
  );
}

function NotConnected({ onConnect }: { onConnect: () => void }) {
  return (
    <div className="integration-layout">
      <Card title="Connect GitHub">
        <ul className="integration-bullets">
          <li>Choose the repositories whose issues and pull requests follow your tasks</li>
          <li>Automation rules: when something happens on GitHub, update a task</li>
          <li>See recent issues, pull requests and commits beside your projects</li>
        </ul>
        <div className="integration-connect">
          <Button variant="primary" onClick={onConnect}>
            Connect GitHub
          </Button>
          <p className="muted integration-small">In this preview, Connect only marks GitHub as connected in this browser and shows sample repositories.</p>
        </div>
      </Card>
      <PermissionsCard permissions={githubPermissions} />
    </div>
  );
}

/** /integrations/github (spec pages §2 GitHub page, static mock): repositories, automation, activity, toggles. */
export function GithubIntegration() {
  const [state, update] = useGithubState();
  const [now] = useState(() => Date.now());
  const { confirm, dialog } = useConfirm();

  const disconnect = async () => {
    const confirmed = await confirm({
      title: 'Disconnect GitHub',
      message: 'Disconnect GitHub? The repositories you chose to sync are cleared.',
      confirmLabel: 'Disconnect',
      danger: true,
    });
    if (confirmed) update(disconnectGithub);
  };

  return (
    <IntegrationPage integration={integrations.github} connected={state.connected}>
      {state.connected ? (
        <div className="integration-layout">
          <div className="integration-column">
            <Card title="Repositories">
              <p className="muted integration-small integration-card-intro">
                {state.selectedRepositories.length === 0
                  ? 'No repositories are synced. Turn on the ones to follow.'
                  : `${state.selectedRepositories.length} of ${sampleRepositories.length} repositories synced.`}
              </p>
              <ul className="integration-items" aria-label="Repositories">
                {sampleRepositories.map((repository) => (
                  <RepositoryItem
                    key={repository.fullName}
                    repository={repository}
                    selected={state.selectedRepositories.includes(repository.fullName)}
                    onToggle={() => update((current) => toggleRepository(current, repository.fullName))}
                  />
                ))}
              </ul>
            </Card>
            <Card title="Automation Rules">
              <ul className="integration-items">
                {githubAutomationRules.map((rule) => (
                  <li key={rule.id} className="integration-rule">
                    <p>
                      <span className="integration-rule-word">When</span> {rule.when}
                    </p>
                    <p>
                      <span className="integration-rule-word">Then</span> {rule.then}
                    </p>
                  </li>
                ))}
              </ul>
            </Card>
            <Card title="Recent Activity">
              <ul className="integration-items">
                {sampleGithubActivity.map((activity) => (
                  <li key={activity.id} className="integration-item">
                    <div className="integration-item-main">
                      <p className="integration-item-tags">
                        <span className={`integration-kind integration-kind-${activity.type}`}>{githubActivityLabels[activity.type]}</span>
                      </p>
                      <h3 className="integration-item-name">{activity.title}</h3>
                      <p className="integration-item-text muted">
                        {activity.repository} · {activity.author} · <SampleTime date={sampleTime(now, activity.minutesAgo)} />
                      </p>
                    </div>
                  </li>
                ))}
              </ul>
            </Card>
          </div>
          <div className="integration-column">
            <IntegrationSettingsCards
              state={state}
              update={update}
              labels={githubSettingLabels}
              statsTitle="This Month"
              stats={githubMonthStats}
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
