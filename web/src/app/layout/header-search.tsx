import { useId, useState } from 'react';
import type { SearchResult } from '@shared/schemas/search';
import { SearchIcon } from '@/components/ui/icons';
import { useProjects } from '@/features/projects/api/get-projects';
import { SEARCH_FAILED, useWorkspaceSearch } from '@/features/search/api/search';
import { useActiveOption } from '@/hooks/use-active-option';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useCurrentWorkspace } from '@/lib/current-workspace';
import { useOpenSearchResult } from './open-search-result';
import './header-search.css';

export const SEARCH_DELAY_MS = 200;
export const kindLabels: Record<SearchResult['kind'], string> = { project: 'Project', task: 'Task', note: 'Note', link: 'Link' };

/**
 * The header's search (ARIA 1.2 combobox): results of the current workspace's search index as the user
 * types, each labelled with its kind and project; arrows move, Enter opens, Escape closes (then clears).
 */
export function HeaderSearch() {
  const { currentWorkspace } = useCurrentWorkspace();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const query = useDebouncedValue(text.trim(), SEARCH_DELAY_MS);
  const search = useWorkspaceSearch(currentWorkspace?.id, query);
  const projectNames = new Map((useProjects().data ?? []).map((project) => [project.id, project.name]));
  const openResult = useOpenSearchResult();
  const results = query === '' ? [] : (search.data ?? []);
  const choose = (result: SearchResult) => {
    setOpen(false);
    setText('');
    openResult(result);
  };
  const { active, setActive, onKeyDown } = useActiveOption(results, choose);
  const listboxId = useId();
  const optionId = (index: number) => `${listboxId}-${index}`;
  const expanded = open && text.trim() !== '';
  const showList = expanded && results.length > 0;

  const status = !expanded
    ? null
    : search.isError
      ? SEARCH_FAILED
      : query === '' || (search.isFetching && results.length === 0)
        ? 'Searching…'
        : results.length === 0
          ? `No results for “${query}”`
          : null;

  return (
    <form
      className="header-search"
      role="search"
      onSubmit={(event) => event.preventDefault()}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      <label htmlFor="header-search-input" className="header-search-label">
        <SearchIcon />
        <span>Search</span>
      </label>
      <input
        id="header-search-input"
        className="header-search-input"
        type="search"
        name="q"
        autoComplete="off"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listboxId}
        aria-activedescendant={showList && active >= 0 ? optionId(active) : undefined}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            if (expanded) setOpen(false);
            else setText('');
            return;
          }
          if (event.key === 'ArrowDown') setOpen(true);
          onKeyDown(event);
        }}
      />
      <div className="header-search-popup" hidden={!expanded}>
        {status ? (
          <p className="header-search-status muted" role="status">
            {status}
          </p>
        ) : null}
        <ul id={listboxId} role="listbox" aria-label="Search results" className="header-search-results" hidden={!showList}>
          {results.map((result, index) => (
            // eslint-disable-next-line jsx-a11y-x/click-events-have-key-events -- the combobox input handles the keys (aria-activedescendant); a click is the pointer’s way to choose
            <li
              key={`${result.kind}-${result.id}`}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className="listbox-option header-search-option"
              // Keeps focus in the input, so the list stays open until the click opens the result.
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => setActive(index)}
              onClick={() => choose(result)}
            >
              <span className={`header-search-kind header-search-kind-${result.kind}`}>{kindLabels[result.kind]}</span>
              <span className="header-search-title">{result.title}</span>
              {result.kind !== 'project' && result.projectId ? (
                <span className="header-search-project muted">{projectNames.get(result.projectId) ?? ''}</span>
              ) : null}
            </li>
          ))}
        </ul>
      </div>
    </form>
  );
}
