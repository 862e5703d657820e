import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import './tabs.css';

export interface TabItem<Id extends string> {
  readonly id: Id;
  readonly label: ReactNode;
  /** Rendered only while the tab is selected. */
  readonly content: ReactNode;
}

/**
 * Tabs after the WAI-ARIA pattern with automatic activation: a tablist of tabs, one tabpanel each; only
 * the selected tab is in the Tab order; Arrow Left/Right (wrapping), Home and End move and select.
 */
export function Tabs<Id extends string>({
  label,
  items,
  selected,
  onSelect,
  className,
}: {
  /** The tablist's accessible name. */
  label: string;
  items: readonly TabItem<Id>[];
  selected: Id;
  onSelect: (id: Id) => void;
  className?: string;
}) {
  const baseId = useId();
  const tabRefs = useRef(new Map<Id, HTMLButtonElement>());
  const tabId = (id: Id) => `${baseId}-tab-${id}`;
  const panelId = (id: Id) => `${baseId}-panel-${id}`;

  const selectAt = (index: number) => {
    const item = items[(index + items.length) % items.length];
    if (!item) return;
    onSelect(item.id);
    tabRefs.current.get(item.id)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = items.findIndex((item) => item.id === selected);
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: items.length - 1 };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    selectAt(next);
  };

  return (
    <div className={['tabs', className].filter(Boolean).join(' ')}>
      {/* eslint-disable-next-line jsx-a11y-x/interactive-supports-focus -- the tabs take the focus (roving tabindex); the arrow keys reach the tablist from them */}
      <div role="tablist" aria-label={label} className="tabs-list" onKeyDown={onKeyDown}>
        {items.map((item) => {
          const isSelected = item.id === selected;
          return (
            <button
              key={item.id}
              ref={(element) => {
                if (element) tabRefs.current.set(item.id, element);
                else tabRefs.current.delete(item.id);
              }}
              type="button"
              role="tab"
              id={tabId(item.id)}
              aria-selected={isSelected}
              aria-controls={panelId(item.id)}
              tabIndex={isSelected ? 0 : -1}
              className="tabs-tab"
              onClick={() => onSelect(item.id)}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {items.map((item) => (
        <div
          key={item.id}
          role="tabpanel"
          id={panelId(item.id)}
          aria-labelledby={tabId(item.id)}
          hidden={item.id !== selected}
          tabIndex={0}
          className="tabs-panel"
        >
          {item.id === selected ? item.content : null}
        </div>
      ))}
    </div>
  );
}
