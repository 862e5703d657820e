import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PlusIcon, SparklesIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { NotificationsBell } from '@/features/membership-notices/components/notifications-bell';
import { WorkspaceSwitcher } from '@/features/workspaces/components/workspace-switcher';
import { setChatPanelOpen, useChatPanelOpen } from '@/features/assistant';
import { HeaderClock } from './header-clock';
import { HeaderMoreMenu } from './header-more-menu';
import { HeaderSearch } from './header-search';
import { ThemeMenu } from './theme-menu';
import { UserMenu } from './user-menu';

/**
 * The signed-in header. What is marked `header-extra` (the clock, the AI Assistant toggle, the theme) folds
 * into the More menu when the header has little room (container queries in app-shell.css).
 */
export function Header({ navigationButton }: { navigationButton?: ReactNode }) {
  const chatVisible = useChatPanelOpen();
  return (
    <header className="app-header">
      {navigationButton}
      <WorkspaceSwitcher />

      <HeaderSearch />

      <div className="header-spacer" />

      <HeaderClock />

      <div className="header-actions">
        <button
          type="button"
          className={`btn btn-ghost header-ai-toggle header-extra${chatVisible ? ' is-active' : ''}`}
          aria-pressed={chatVisible}
          onClick={() => setChatPanelOpen(!chatVisible)}
        >
          <SparklesIcon />
          <span className="header-button-label">AI Assistant</span>
        </button>
        <Link to={paths.app.newProject.getHref()} className="btn btn-primary">
          <PlusIcon />
          <span className="header-button-label">New</span>
        </Link>
        <ThemeMenu className="header-extra" />
        <NotificationsBell taskHref={paths.app.projectTask.getHref} projectHref={paths.app.project.getHref} workspaceHref={paths.app.dashboard.getHref()} />
        <HeaderMoreMenu />
        <UserMenu />
      </div>
    </header>
  );
}
