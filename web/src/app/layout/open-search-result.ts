import { useNavigate } from 'react-router-dom';
import type { SearchResult } from '@shared/schemas/search';
import { paths } from '@/config/paths';
import { requestInProject } from '@/features/projects/hooks/project-requests';

/** Opens a search result where it lives: a project's page, a task's dialog, a note's dialog on its project's page, a link's address. */
export function useOpenSearchResult(): (result: SearchResult) => void {
  const navigate = useNavigate();
  return (result) => {
    const projectId = result.projectId ?? '';
    switch (result.kind) {
      case 'project':
        return void navigate(paths.app.project.getHref(result.id));
      case 'task':
        return void navigate(paths.app.projectTask.getHref(projectId, result.id));
      case 'note':
        requestInProject(projectId, { kind: 'openNote', noteId: result.id });
        return void navigate(paths.app.project.getHref(projectId));
      case 'link':
        window.open(result.url ?? '', '_blank', 'noopener,noreferrer');
    }
  };
}
