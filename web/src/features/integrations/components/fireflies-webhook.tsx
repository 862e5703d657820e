import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { Field } from '@/components/ui/field';
import { COPY_FAILED, useCopy } from '@/hooks/use-copy';
import { webhookSetupSteps } from '../data/fireflies';

export { COPY_FAILED };

/** The read-only webhook URL with Copy (to the clipboard) and Regenerate (a new random local value). */
export function FirefliesWebhook({ url, onRegenerate }: { url: string; onRegenerate: () => void }) {
  const clipboard = useCopy();
  const { confirm, dialog } = useConfirm();

  const regenerate = async () => {
    const confirmed = await confirm({
      title: 'Regenerate webhook URL',
      message: 'Regenerate the webhook URL? The current address stops working, so Fireflies must be given the new one.',
      confirmLabel: 'Regenerate',
    });
    if (confirmed) {
      clipboard.reset();
      onRegenerate();
    }
  };

  return (
    <Card title="Webhook">
      <div className="form">
        <Field
          label="Webhook URL"
          readOnly
          value={url}
          onFocus={(event) => event.target.select()}
          hint="Fireflies sends finished transcripts to this address. In this preview nothing is received."
        />
        <div className="integration-actions">
          <Button onClick={() => void clipboard.copy(url)}>Copy</Button>
          <Button onClick={() => void regenerate()}>Regenerate</Button>
          <span role="status" className="integration-copied">
            {clipboard.copied ? 'Copied' : ''}
          </span>
        </div>
        {clipboard.failed ? <Alert>{COPY_FAILED}</Alert> : null}
        <div>
          <h3 className="integration-subtitle">Setup</h3>
          <ol className="integration-steps">
            {webhookSetupSteps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </div>
      </div>
      {dialog}
    </Card>
  );
}
