import { Link } from 'react-router-dom';
import { PlusIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { ProjectsOverview } from '@/features/projects/components/projects-overview';

/** /projects (spec core §2 Projects list). */
export function ProjectsRoute() {
  return (
    <div className="page">
      <PageHeader
        title="Projects"
        actions={
          <Link to={paths.app.newProject.getHref()} className="btn btn-primary">
            <PlusIcon /> New Project
          </Link>
        }
      />
      <ProjectsOverview />
    </div>
  );
}
