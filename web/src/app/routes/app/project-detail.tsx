import { useParams } from 'react-router-dom';
import { ProjectDetail } from '@/features/projects/components/project-detail/project-detail';
import { ProjectTaskDialog } from '@/features/projects/components/project-detail/project-task-dialog';

/** /projects/:projectId (spec core §2 Project detail). */
export function ProjectDetailRoute() {
  const { projectId = '' } = useParams();
  return <ProjectDetail projectId={projectId} />;
}

/** /projects/:projectId/tasks/:taskId: the project page with the Edit Task dialog open above it. */
export function ProjectTaskRoute() {
  return <ProjectTaskDialog />;
}
