import { Link } from 'react-router-dom';
import { BellIcon, PlusIcon, SparklesIcon } from '@/components/ui/icons';
import { Popover } from '@/components/ui/popover';
import { paths } from '@/config/paths';
import { MembershipNotifications } from '@/features/membership-notices/components/membership-notifications';
import { WorkspaceSwitcher } from '@/features/workspaces/components/workspace-switcher';
import { setChatPanelOpen, useChatPanelOpen } from '@/lib/chat-visibility';
import { HeaderClock } from './header-clock';
import { HeaderSearch } from './header-search';
import { ThemeMenu } from './theme-menu';
import { UserMenu } from './user-menu';

export function Header() {
  const chatVisible = useChatPanelOpen();
  return (
    <header className="app-header">
      <WorkspaceSwitcher />

      <HeaderSearch />

      <div className="header-spacer" />

      <HeaderClock />

      <div className="header-actions">
        <button
          type="button"
          className={`btn btn-ghost header-ai-toggle${chatVisible ? ' is-active' : ''}`}
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
        <ThemeMenu />
        <Popover button={<BellIcon />} buttonLabel="Notifications" buttonClassName="btn btn-ghost btn-icon" panelLabel="Notifications">
          <MembershipNotifications />
        </Popover>
        <UserMenu />
      </div>
    </header>
  );
}
