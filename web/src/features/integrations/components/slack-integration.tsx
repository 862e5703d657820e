import { Card } from '@/components/ui/card';
import { integrations } from '../data/catalogue';
import { useSlackState } from '../hooks/use-integration-state';
import { IntegrationPage } from './integration-page';
import { Switch } from '@/components/ui/switch';

const slackFeatures = [
  'Post a message to a channel when a task is created, assigned or completed',
  'Turn a Slack message into a task with a message shortcut',
  'Send each member a morning summary of the tasks due today',
] as const;

/** /integrations/slack (spec pages §2): a connected/disconnected toggle, local mock. */
export function SlackIntegration() {
  const [state, update] = useSlackState();
  return (
    <IntegrationPage integration={integrations.slack} connected={state.connected} keepFocusOnChange>
      <div className="integration-layout">
        <Card title="Connection">
          <Switch
            label="Connected to Slack"
            description={state.connected ? 'Task updates would be posted to #general of your Slack workspace.' : 'Turn on to try the Slack integration in this browser.'}
            checked={state.connected}
            onChange={(connected) => update((current) => ({ ...current, connected }))}
          />
        </Card>
        <Card title="What it does">
          <ul className="integration-bullets">
            {slackFeatures.map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
        </Card>
      </div>
    </IntegrationPage>
  );
}
