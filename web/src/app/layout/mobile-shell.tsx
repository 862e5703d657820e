import { useRef } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router-dom';
import { CheckSquareIcon, DashboardIcon, FolderIcon, LinkIcon, LogOutIcon, MenuIcon, NoteIcon, SettingsIcon, TrashIcon, UploadIcon } from '@/components/ui/icons';
import { Menu, MenuGroup, MenuItem, MenuItemRadio, MenuLink, MenuSeparator } from '@/components/ui/menu';
import { paths } from '@/config/paths';
import { canManageMembers } from '@/features/members/utils/permissions';
import { NotificationsBell } from '@/features/membership-notices/components/notifications-bell';
import { useAuth } from '@/lib/auth';
import { useCurrentWorkspace } from '@/lib/current-workspace';
import { useTheme } from '@/lib/theme-provider';
import { RouteErrorBoundary } from '../routes/error';
import { ConnectionNotice } from './connection-notice';
import { useRouteFocus } from './route-focus';
import { TwoFactorNeededGate } from './two-factor-needed';
import './mobile-shell.css';

const tabs = [
  { to: paths.mobile.home.getHref(), label: 'Home', icon: DashboardIcon, end: true },
  { to: paths.mobile.tasks.getHref(), label: 'Tasks', icon: CheckSquareIcon, end: true },
  { to: paths.mobile.projects.getHref(), label: 'Projects', icon: FolderIcon, end: false },
  { to: paths.mobile.links.getHref(), label: 'Links', icon: LinkIcon, end: true },
  { to: paths.mobile.notes.getHref(), label: 'Notes', icon: NoteIcon, end: true },
] as const;

/** The top bar's menu (spec pages §2 Mobile layout): who is signed in, the workspaces, Account and Workspace Settings, the Trash, Import (owners and admins), theme, sign out. */
function MobileMenu() {
  const { user, signOut } = useAuth();
  const { workspaces, currentWorkspace, setCurrentWorkspace } = useCurrentWorkspace();
  const { resolved, setPreference } = useTheme();
  return (
    <Menu
      align="end"
      buttonClassName="btn btn-ghost btn-icon mobile-menu-button"
      buttonLabel="Menu"
      menuLabel="Menu"
      header={<span className="menu-heading">{user?.name ?? 'User'}</span>}
      button={<MenuIcon />}
    >
      {workspaces.length > 0 ? (
        <MenuGroup label="Workspaces">
          {workspaces.map((workspace) => (
            <MenuItemRadio key={workspace.id} checked={workspace.id === currentWorkspace?.id} onSelect={() => setCurrentWorkspace(workspace.id)}>
              {workspace.name}
            </MenuItemRadio>
          ))}
        </MenuGroup>
      ) : null}
      <MenuSeparator />
      <MenuLink to={paths.mobile.settings.getHref()} icon={<SettingsIcon />}>
        Account Settings
      </MenuLink>
      <MenuLink to={paths.mobile.workspaceSettings.getHref()} icon={<SettingsIcon />}>
        Workspace Settings
      </MenuLink>
      <MenuLink to={paths.mobile.trash.getHref()} icon={<TrashIcon />}>
        Trash
      </MenuLink>
      {canManageMembers(currentWorkspace?.role) ? (
        <MenuLink to={paths.mobile.import.getHref()} icon={<UploadIcon />}>
          Import
        </MenuLink>
      ) : null}
      <MenuItem onSelect={() => setPreference(resolved === 'dark' ? 'light' : 'dark')}>{resolved === 'dark' ? 'Light mode' : 'Dark mode'}</MenuItem>
      <MenuSeparator />
      <MenuItem onSelect={() => void signOut()} icon={<LogOutIcon />}>
        Sign Out
      </MenuItem>
    </Menu>
  );
}

/** The mobile layout (spec pages §2): a top bar with the workspace and the menu, the page, and a bottom navigation. */
export function MobileShell() {
  const { currentWorkspace, loading, error } = useCurrentWorkspace();
  const mainRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  useRouteFocus(mainRef);
  return (
    <div className="mobile-shell">
      <a href="#main-content" className="skip-link">
        Skip to content
      </a>
      <header className="mobile-top-bar">
        <span className="mobile-workspace-name">{currentWorkspace?.name ?? (loading ? 'Loading…' : error ? 'Workspaces not loaded' : 'No workspace')}</span>
        <NotificationsBell
          taskHref={(projectId) => paths.mobile.project.getHref(projectId)}
          projectHref={(projectId) => paths.mobile.project.getHref(projectId)}
          workspaceHref={paths.mobile.home.getHref()} />
        <MobileMenu />
      </header>
      <main ref={mainRef} id="main-content" className="mobile-content" tabIndex={-1}>
        <ConnectionNotice />
        <RouteErrorBoundary resetKey={pathname} inShell>
          <TwoFactorNeededGate settingsHref={paths.mobile.settings.getHref()}>
            <Outlet />
          </TwoFactorNeededGate>
        </RouteErrorBoundary>
      </main>
      <nav className="mobile-bottom-nav" aria-label="Mobile">
        {tabs.map(({ to, label, icon: Icon, end }) => (
          <NavLink key={to} to={to} end={end} className="mobile-tab">
            <Icon />
            <span>{label}</span>
          </NavLink>
        ))}
      </nav>
    </div>
  );
}
