import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { Field } from '@/components/ui/field';
import { useTransientFlag } from '@/hooks/use-transient-flag';
import { webhookSetupSteps } from '../data/fireflies';

export const COPY_FAILED = 'Could not copy. Select the address and copy it yourself.';

/** The read-only webhook URL with Copy (to the clipboard) and Regenerate (a new random local value). */
export function FirefliesWebhook({ url, onRegenerate }: { url: string; onRegenerate: () => void }) {
  const copied = useTransientFlag(2000);
  const [copyFailed, setCopyFailed] = useState(false);
  const { confirm, dialog } = useConfirm();

  const copy = async () => {
    copied.clear();
    setCopyFailed(false);
    try {
      // Missing outside secure contexts (plain http on another host): reported like a refusal.
      await navigator.clipboard.writeText(url);
      copied.raise();
    } catch {
      setCopyFailed(true);
    }
  };

  const regenerate = async () => {
    const confirmed = await confirm({
      title: 'Regenerate webhook URL',
      message: 'Regenerate the webhook URL? The current address stops working, so Fireflies must be given the new one.',
      confirmLabel: 'Regenerate',
    });
    if (confirmed) {
      copied.clear();
      setCopyFailed(false);
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
          <Button onClick={() => void copy()}>Copy</Button>
          <Button onClick={() => void regenerate()}>Regenerate</Button>
          <span role="status" className="integration-copied">
            {copied.on ? 'Copied' : ''}
          </span>
        </div>
        {copyFailed ? <Alert>{COPY_FAILED}</Alert> : null}
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
