import { Link, useSearchParams } from 'react-router-dom';
import { MAIL_KIND_LABELS } from '@shared/schemas/unsubscribe';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { mailKindOf, UNSUBSCRIBE_FAILED, useUnsubscribe } from '@/features/settings/api/unsubscribe';
import { useDocumentTitle } from '@/hooks/use-document-title';

/**
 * /unsubscribe?token=… (issue 37): where a mail's unsubscribe link leads, signed in or not. Nothing changes
 * until Turn off is pressed, so a mail scanner that opens the link turns nothing off.
 */
export function UnsubscribeRoute() {
  useDocumentTitle('Unsubscribe');
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const kind = mailKindOf(token);
  const unsubscribe = useUnsubscribe();
  const label = kind ? MAIL_KIND_LABELS[kind] : undefined;

  return (
    <div className="full-page-center">
      <main className="card">
        <h1 className="card-title">Unsubscribe</h1>
        {!label || unsubscribe.isError ? (
          <Alert>{UNSUBSCRIBE_FAILED}</Alert>
        ) : unsubscribe.isSuccess ? (
          <p role="status">Done: you will get no more {label} mails. You can turn them on again in Settings.</p>
        ) : (
          <>
            <p>Turn off {label} mails from TaskFlow?</p>
            <Button variant="primary" loading={unsubscribe.isPending} onClick={() => unsubscribe.mutate(token)}>
              Turn off
            </Button>
          </>
        )}
        <p>
          <Link to={paths.app.settings.getHref()}>Open Settings</Link>
        </p>
      </main>
    </div>
  );
}
