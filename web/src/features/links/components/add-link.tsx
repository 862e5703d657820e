import { Card } from '@/components/ui/card';
import { useCreateLink } from '../api/links';
import { LinkForm } from './link-form';

/** The Add Link card of /links and /mobile/links. */
export function AddLink({ workspaceId }: { workspaceId: string }) {
  const create = useCreateLink(workspaceId);
  return (
    <Card title="Add Link">
      <LinkForm submitLabel="Save Link" onSave={(values) => create.mutateAsync(values)} />
    </Card>
  );
}
