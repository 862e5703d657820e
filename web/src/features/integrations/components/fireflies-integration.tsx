import { useEffect, useRef, useState, type ComponentType } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { paths } from '@/config/paths';
import { useCurrentWorkspace } from '@/lib/current-workspace';
import { integrations } from '../data/catalogue';
import { contentRules, firefliesMonthStats, sampleMeetings, WEBHOOK_BASE_URL, type SampleActionItem, type SampleMeeting } from '../data/fireflies';
import { useFirefliesState } from '../hooks/use-integration-state';
import { formatMinutes, sampleTime } from '../utils/format';
import { createdTaskFor, rememberCreatedTask, type FirefliesSettings } from '../utils/integration-state';
import { randomHex } from '../utils/random';
import type { ActionItemTaskDialogProps } from './create-task-dialog';
import { FirefliesWebhook } from './fireflies-webhook';
import { IntegrationPage, IntegrationSettingsCards } from './integration-page';
import { SampleTime } from './sample-time';

const WEBHOOK_TOKEN_BYTES = 16;

const firefliesSettingLabels: Record<keyof FirefliesSettings, { label: string; description: string }> = {
  autoCreateNotes: { label: 'Create meeting notes automatically', description: 'Each processed meeting becomes a note in its project.' },
  extractActionItems: { label: 'Extract action items', description: 'Find the things people agreed to do.' },
  tagParticipants: { label: 'Tag participants', description: 'Name the attendees on the meeting’s note.' },
  summarizeKey: { label: 'Summarise key points', description: 'Add a short summary of decisions to the note.' },
  notifyOnProcessing: { label: 'Notify when processed', description: 'Tell you when a meeting’s transcript is ready.' },
};

const statusLabels: Record<SampleMeeting['status'], string> = { processed: 'Processed', processing: 'Processing' };

interface OpenItem {
  readonly item: SampleActionItem;
  readonly meeting: SampleMeeting;
}

const taskDescription = ({ item, meeting }: OpenItem) => `Action item for ${item.assignee} from the meeting “${meeting.title}” (Fireflies preview).`;

function NotConnected({ onConnect }: { onConnect: () => void }) {
  return (
    <div className="integration-layout">
      <Card title="Connect Fireflies">
        <ul className="integration-bullets">
          <li>Receive meeting transcripts through a webhook</li>
          <li>Keep notes and key points of each meeting</li>
          <li>Turn action items into tasks of your projects</li>
        </ul>
        <div className="integration-connect">
          <Button variant="primary" onClick={onConnect}>
            Connect Fireflies
          </Button>
          <p className="muted integration-small">
            In this preview, Connect marks Fireflies as connected in this browser and shows sample meetings. Creating a task from an action item creates a
            real task.
          </p>
        </div>
      </Card>
    </div>
  );
}

/**
 * /integrations/fireflies (spec pages §2 Fireflies page, static mock): webhook, processing rules, meetings,
 * action items, toggles, stats. Create Task on an action item creates a real task through `CreateTaskDialog`
 * (given by the app), and the link to it is remembered in this browser.
 */
export function FirefliesIntegration({ CreateTaskDialog }: { CreateTaskDialog: ComponentType<ActionItemTaskDialogProps> }) {
  const [state, update] = useFirefliesState();
  const { currentWorkspace } = useCurrentWorkspace();
  const workspaceId = currentWorkspace?.id;
  const [now] = useState(() => Date.now());
  const [open, setOpen] = useState<OpenItem | null>(null);
  const { confirm, dialog } = useConfirm();

  // After a task is created its Create Task button becomes a link: focus moves there (after the dialog closed).
  const taskLinks = useRef(new Map<string, HTMLAnchorElement>());
  const focusAfterCreate = useRef<string | null>(null);
  useEffect(() => {
    const itemId = focusAfterCreate.current;
    if (itemId === null) return;
    focusAfterCreate.current = null;
    taskLinks.current.get(itemId)?.focus();
  }, [state.createdTasks]);

  const connect = () =>
    update((current) => ({ ...current, connected: true, webhookToken: current.webhookToken || randomHex(WEBHOOK_TOKEN_BYTES) }));

  const disconnect = async () => {
    const confirmed = await confirm({
      title: 'Disconnect Fireflies',
      message: 'Disconnect Fireflies? Tasks already created stay in their projects.',
      confirmLabel: 'Disconnect',
      danger: true,
    });
    if (confirmed) update((current) => ({ ...current, connected: false }));
  };

  const processed = sampleMeetings.filter((meeting) => meeting.status === 'processed');

  return (
    <IntegrationPage integration={integrations.fireflies} connected={state.connected}>
      {state.connected ? (
        <div className="integration-layout">
          <div className="integration-column">
            <FirefliesWebhook
              url={`${WEBHOOK_BASE_URL}${state.webhookToken}`}
              onRegenerate={() => update((current) => ({ ...current, webhookToken: randomHex(WEBHOOK_TOKEN_BYTES) }))}
            />
            <Card title="Action Items">
              {workspaceId ? null : <p className="muted integration-small integration-card-intro">Select a workspace to create tasks from action items.</p>}
              <ul className="integration-items" aria-label="Action items">
                {processed.flatMap((meeting) =>
                  meeting.actionItems.map((item) => {
                    const created = createdTaskFor(state, item.id, workspaceId);
                    return (
                      <li key={item.id} className="integration-item">
                        <div className="integration-item-main">
                          <h3 className="integration-item-name">{item.title}</h3>
                          <p className="integration-item-text muted">
                            {item.assignee} · {meeting.title}
                          </p>
                        </div>
                        <div className="integration-item-actions">
                          {created ? (
                            <>
                              <span className="integration-badge integration-badge-connected">Task created</span>
                              <Link
                                ref={(element) => {
                                  if (element) taskLinks.current.set(item.id, element);
                                  else taskLinks.current.delete(item.id);
                                }}
                                to={paths.app.projectTask.getHref(created.projectId, created.taskId)}
                                className="link-subtle"
                              >
                                View task<span className="visually-hidden">: {item.title}</span>
                              </Link>
                            </>
                          ) : (
                            <Button size="sm" disabled={!workspaceId} onClick={() => setOpen({ item, meeting })} aria-label={`Create Task: ${item.title}`}>
                              Create Task
                            </Button>
                          )}
                        </div>
                      </li>
                    );
                  }),
                )}
              </ul>
            </Card>
            <Card title="Recent Meetings">
              <ul className="integration-items">
                {sampleMeetings.map((meeting) => (
                  <li key={meeting.id} className="integration-item">
                    <div className="integration-item-main">
                      <div className="integration-item-title">
                        <h3 className="integration-item-name">{meeting.title}</h3>
                        <span className={`integration-badge integration-status-${meeting.status}`}>{statusLabels[meeting.status]}</span>
                      </div>
                      <p className="integration-item-text muted">
                        <SampleTime date={sampleTime(now, meeting.minutesAgo)} /> · {formatMinutes(meeting.durationMinutes)} · {meeting.participants} participants
                        {meeting.status === 'processed' ? ` · ${meeting.actionItems.length} action items` : ''}
                      </p>
                    </div>
                  </li>
                ))}
              </ul>
            </Card>
          </div>
          <div className="integration-column">
            <Card title="Content Processing Rules">
              <ul className="integration-items">
                {contentRules.map((rule) => (
                  <li key={rule.id} className="integration-rule">
                    <p>
                      <span className="integration-rule-word">When</span> the transcript says{' '}
                      {rule.keywords.map((keyword, index) => (
                        <span key={keyword}>
                          {index > 0 ? ', ' : ''}
                          <span className="integration-keyword">“{keyword}”</span>
                        </span>
                      ))}
                    </p>
                    <p>
                      <span className="integration-rule-word">Then</span> {rule.action}
                    </p>
                  </li>
                ))}
              </ul>
            </Card>
            <IntegrationSettingsCards
              state={state}
              update={update}
              labels={firefliesSettingLabels}
              statsTitle="This Month"
              stats={firefliesMonthStats}
              onDisconnect={() => void disconnect()}
            />
          </div>
        </div>
      ) : (
        <NotConnected onConnect={connect} />
      )}
      {open && workspaceId ? (
        <CreateTaskDialog
          title={open.item.title}
          description={taskDescription(open)}
          meetingTitle={open.meeting.title}
          onClose={() => setOpen(null)}
          onCreated={(task) => {
            focusAfterCreate.current = open.item.id;
            update((current) => rememberCreatedTask(current, { itemId: open.item.id, workspaceId, ...task }));
            setOpen(null);
          }}
        />
      ) : null}
      {dialog}
    </IntegrationPage>
  );
}
