import type { ProjectSummary } from '@shared/schemas/project';
import { SelectField } from '@/components/ui/form-fields';

/** The pages' project filter: 'All Projects' ('') or one project. */
export function ProjectFilter({ projects, value, onChange }: { projects: readonly ProjectSummary[]; value: string; onChange: (projectId: string) => void }) {
  return (
    <SelectField label="Project" value={value} onChange={(event) => onChange(event.target.value)}>
      <option value="">All Projects</option>
      {projects.map((project) => (
        <option key={project.id} value={project.id}>
          {project.name}
        </option>
      ))}
    </SelectField>
  );
}
