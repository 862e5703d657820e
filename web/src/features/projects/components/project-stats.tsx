import { projectStats } from '@shared/rules/projects';
import type { ProjectSummary } from '@shared/schemas/project';

/** The four tiles above the list (spec core §2 Projects list). */
export function ProjectStats({ projects }: { projects: readonly ProjectSummary[] }) {
  const stats = projectStats(projects);
  const tiles = [
    { label: 'Total Projects', value: String(stats.total) },
    { label: 'Active Projects', value: String(stats.active) },
    { label: 'Favorites', value: String(stats.favorites) },
    { label: 'Avg Completion', value: `${stats.avgCompletion}%` },
  ];
  return (
    <dl className="project-stats" aria-label="Project statistics">
      {tiles.map((tile) => (
        <div key={tile.label} className="project-stat card">
          <dt>{tile.label}</dt>
          <dd>{tile.value}</dd>
        </div>
      ))}
    </dl>
  );
}
