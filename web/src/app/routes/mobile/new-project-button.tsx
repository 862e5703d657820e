import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { PlusIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { CreateProjectForm } from '@/features/projects/components/create-project-form';

/** New Project on the phone: the create form in a dialog, then the new project's phone page (not the desktop's). */
export function NewProjectButton({ workspaceId }: { workspaceId: string }) {
  const [creating, setCreating] = useState(false);
  const navigate = useNavigate();
  return (
    <>
      <Button onClick={() => setCreating(true)}>
        <PlusIcon /> New Project
      </Button>
      {creating ? (
        <Dialog title="Create New Project" onClose={() => setCreating(false)}>
          <CreateProjectForm workspaceId={workspaceId} onCreated={(project) => void navigate(paths.mobile.project.getHref(project.id))} onCancel={() => setCreating(false)} />
        </Dialog>
      ) : null}
    </>
  );
}
