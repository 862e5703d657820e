import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { apiErrorMessage } from '@/lib/api-client';
import { GOOGLE_TEXTS, useStartGoogleConnection } from '../api/google-calendar';

const STEPS = [
  { title: 'Connect your account', text: 'Sign in with Google and allow TaskFlow to read your calendars and manage events.' },
  { title: 'Choose calendars', text: 'Enable the calendars you want to see and link each to a project.' },
  { title: 'See everything in one place', text: 'Events appear on the Calendar page and in the linked project’s overview.' },
  { title: 'Plan around your meetings', text: 'Task deadlines go to your calendar, and the weekly plan counts your meetings.' },
];

/** Not connected yet (spec pages §2): Connect, the four-step 'How It Works' and the permissions note. */
export function NotConnected({ workspaceId }: { workspaceId: string }) {
  const connect = useStartGoogleConnection(workspaceId);
  return (
    <>
      <Card title="Connect Google Calendar">
        <p>See your meetings next to your tasks, and put task deadlines on your calendar.</p>
        {connect.isError ? <Alert>{apiErrorMessage(connect.error, GOOGLE_TEXTS.authUrlFailed)}</Alert> : null}
        <Button variant="primary" loading={connect.isPending} onClick={() => connect.mutate()}>
          Connect Google Calendar
        </Button>
      </Card>
      <Card title="How It Works">
        <ol className="how-it-works">
          {STEPS.map((step) => (
            <li key={step.title}>
              <strong>{step.title}</strong>
              <span className="muted">{step.text}</span>
            </li>
          ))}
        </ol>
      </Card>
      <p className="muted google-permissions">
        <strong>Permissions:</strong> TaskFlow asks to see your calendar list and to view and edit events. It never deletes events it did not create, and
        you can remove its access at any time here or in your Google account.
      </p>
    </>
  );
}
