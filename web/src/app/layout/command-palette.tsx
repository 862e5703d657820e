import { useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Dialog } from '@/components/ui/dialog';
import { paths } from '@/config/paths';
import { useProjects } from '@/features/projects/api/get-projects';
import { useWorkspaceSearch } from '@/features/search/api/search';
import { useActiveOption } from '@/hooks/use-active-option';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useCurrentWorkspace } from '@/lib/current-workspace';
import { requestInProject } from '@/features/projects/hooks/project-requests';
import { useTheme } from '@/lib/theme-provider';
import { kindLabels, SEARCH_DELAY_MS } from './header-search';
import { useOpenSearchResult } from './open-search-result';
import { mainEntries } from './sidebar';
import './command-palette.css';

interface Command {
  readonly id: string;
  readonly label: string;
  readonly run: () => void;
  /** A search result's kind and project ('Task · Apollo'), shown beside its title. */
  readonly detail?: string;
}

/** Every word typed appears in the label, in any order (case-insensitive). */
function matches(label: string, filter: string): boolean {
  const text = label.toLocaleLowerCase();
  return filter.toLocaleLowerCase().split(/\s+/).every((word) => text.includes(word));
}

/** The words of the "New task in {project}" commands: 'c' away from a project opens the palette with them. */
const NEW_TASK_FILTER = 'New task in ';

/**
 * The command palette (⌘K / Ctrl+K): go to a page or project, create a task or note in a project (on that
 * project's page, in its own dialog), switch workspace, toggle the theme, list the shortcuts — and, under the
 * matching commands, what the workspace's search finds (tasks, projects, notes, links), as in Linear. A
 * combobox filters the list; arrows move through both groups, Enter runs or opens, Escape closes.
 */
export function CommandPalette({
  startWithNewTask = false,
  onClose,
  onShowShortcuts,
}: {
  /** Opened by 'c' away from a project page: filtered to the "New task in …" commands. */
  startWithNewTask?: boolean;
  onClose: () => void;
  onShowShortcuts: () => void;
}) {
  const navigate = useNavigate();
  const { workspaces, currentWorkspace, setCurrentWorkspace } = useCurrentWorkspace();
  const projects = useProjects().data ?? [];
  const { resolved, setPreference } = useTheme();
  const [filter, setFilter] = useState(startWithNewTask ? NEW_TASK_FILTER : '');
  const inputRef = useRef<HTMLInputElement>(null);
  const listboxId = useId();
  const inputId = useId();

  const goTo = (href: string) => () => void navigate(href);
  const inProject = (projectId: string, kind: 'createTask' | 'createNote') => () => {
    requestInProject(projectId, { kind });
    void navigate(paths.app.project.getHref(projectId));
  };
  const commands: Command[] = [
    ...mainEntries.map((entry) => ({ id: `page-${entry.to}`, label: `Go to ${entry.label}`, run: goTo(entry.to) })),
    { id: 'page-settings', label: 'Go to Settings', run: goTo(paths.app.settings.getHref()) },
    ...projects.map((project) => ({ id: `project-${project.id}`, label: `Open project ${project.name}`, run: goTo(paths.app.project.getHref(project.id)) })),
    ...projects.map((project) => ({ id: `task-${project.id}`, label: `${NEW_TASK_FILTER}${project.name}`, run: inProject(project.id, 'createTask') })),
    ...projects.map((project) => ({ id: `note-${project.id}`, label: `New note in ${project.name}`, run: inProject(project.id, 'createNote') })),
    { id: 'new-project', label: 'New project', run: goTo(paths.app.newProject.getHref()) },
    ...workspaces
      .filter((workspace) => workspace.id !== currentWorkspace?.id)
      .map((workspace) => ({ id: `workspace-${workspace.id}`, label: `Switch to workspace ${workspace.name}`, run: () => setCurrentWorkspace(workspace.id) })),
    { id: 'theme', label: `Toggle theme (to ${resolved === 'dark' ? 'light' : 'dark'})`, run: () => setPreference(resolved === 'dark' ? 'light' : 'dark') },
    { id: 'shortcuts', label: 'Show keyboard shortcuts', run: onShowShortcuts },
  ];
  const matching = filter.trim() === '' ? commands : commands.filter((command) => matches(command.label, filter.trim()));
  // The search's answer for what is typed (not for the "New task in" words 'c' starts with).
  const query = useDebouncedValue(filter.startsWith(NEW_TASK_FILTER) ? '' : filter.trim(), SEARCH_DELAY_MS);
  const search = useWorkspaceSearch(currentWorkspace?.id, query);
  const openResult = useOpenSearchResult();
  const projectNames = new Map(projects.map((project) => [project.id, project.name]));
  const found: Command[] =
    query === ''
      ? []
      : (search.data ?? []).map((result) => ({
          id: `result-${result.kind}-${result.id}`,
          label: result.title,
          detail: [kindLabels[result.kind], result.kind === 'project' ? null : projectNames.get(result.projectId ?? '')].filter(Boolean).join(' · '),
          run: () => openResult(result),
        }));
  const shown = [...matching, ...found];
  const run = (command: Command) => {
    onClose();
    command.run();
  };
  const { active, setActive, onKeyDown } = useActiveOption(shown, run, 0);
  const optionId = (index: number) => `${listboxId}-${index}`;

  return (
    <Dialog title="Command palette" onClose={onClose} initialFocusRef={inputRef} className="command-palette">
      <label htmlFor={inputId} className="visually-hidden">
        Type a command
      </label>
      <input
        ref={inputRef}
        id={inputId}
        className="input command-palette-input"
        placeholder="Type a command or a project…"
        autoComplete="off"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded="true"
        aria-controls={listboxId}
        aria-activedescendant={active >= 0 ? optionId(active) : undefined}
        value={filter}
        onChange={(event) => {
          setFilter(event.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
      />
      <div id={listboxId} role="listbox" aria-label="Commands and results" className="command-palette-list">
        {(
          [
            ['Commands', matching, 0],
            ['Search results', found, matching.length],
          ] as const
        ).map(([group, options, offset]) =>
          options.length === 0 ? null : (
            <ul key={group} role="group" aria-label={group} className="command-palette-group">
              {found.length > 0 ? (
                <li role="presentation" className="command-palette-group-title" aria-hidden="true">
                  {group}
                </li>
              ) : null}
              {options.map((command, at) => {
                const index = offset + at;
                return (
                  // eslint-disable-next-line jsx-a11y-x/click-events-have-key-events -- the combobox input handles the keys (aria-activedescendant); a click is the pointer’s way to choose
                  <li
                    key={command.id}
                    id={optionId(index)}
                    role="option"
                    aria-selected={index === active}
                    className="listbox-option command-palette-option"
                    onMouseDown={(event) => event.preventDefault()}
                    onMouseEnter={() => setActive(index)}
                    onClick={() => run(command)}
                  >
                    {command.label}
                    {command.detail ? <span className="command-palette-detail"> {command.detail}</span> : null}
                  </li>
                );
              })}
            </ul>
          ),
        )}
      </div>
      {shown.length === 0 ? (
        <p className="muted" role="status">
          {projects.length === 0 && filter.startsWith(NEW_TASK_FILTER)
            ? 'No projects yet: create a project first (New project).'
            : query !== '' && search.isFetching
              ? 'Searching…'
              : 'No matching commands or results'}
        </p>
      ) : null}
    </Dialog>
  );
}
