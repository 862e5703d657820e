import type { CSSProperties } from 'react';
import { ChevronDownIcon, PlusIcon, SettingsIcon } from '@/components/ui/icons';
import { Menu, MenuGroup, MenuItemRadio, MenuLink, MenuSeparator } from '@/components/ui/menu';
import { paths } from '@/config/paths';
import { initials } from '@shared/rules/user-name';
import { useCurrentWorkspace } from '@/lib/current-workspace';

/** The header's workspace menu: the user's workspaces (check on the current one) and workspace actions. */
export function WorkspaceSwitcher() {
  const { workspaces, currentWorkspace, setCurrentWorkspace, loading } = useCurrentWorkspace();
  const label = currentWorkspace?.name ?? (loading ? 'Loading…' : 'No workspace');

  // However narrow the header, the switcher keeps room for the name's first word (app-shell.css).
  const firstWord = { '--first-word-length': `${label.split(/\s+/)[0]?.length ?? 0}ch` } as CSSProperties;
  return (
    <div className="workspace-switcher-room" style={firstWord}>
      <Menu
        className="workspace-switcher"
        buttonClassName="btn btn-ghost workspace-switcher-button"
        buttonTitle="Switch workspace"
        menuLabel="Workspaces"
        header={<span className="menu-heading">Your Workspaces</span>}
        button={
          <>
            <span className="workspace-avatar" aria-hidden="true">
              {initials(currentWorkspace?.name) || '–'}
            </span>
            <span className="workspace-switcher-name">{label}</span>
            <ChevronDownIcon />
          </>
        }
      >
        {workspaces.length > 0 ? (
          <MenuGroup label="Your Workspaces">
            {workspaces.map((workspace) => (
              <MenuItemRadio
                key={workspace.id}
                checked={workspace.id === currentWorkspace?.id}
                onSelect={() => setCurrentWorkspace(workspace.id)}
                icon={<span className="workspace-avatar workspace-avatar-sm">{initials(workspace.name) || '–'}</span>}
              >
                {workspace.name}
              </MenuItemRadio>
            ))}
          </MenuGroup>
        ) : null}
        {workspaces.length > 0 ? <MenuSeparator /> : null}
        <MenuLink to={paths.app.newWorkspace.getHref()} icon={<PlusIcon />}>
          Create Workspace
        </MenuLink>
        <MenuLink to={paths.app.workspaceSettings.getHref()} icon={<SettingsIcon />}>
          Workspace Settings
        </MenuLink>
      </Menu>
    </div>
  );
}
