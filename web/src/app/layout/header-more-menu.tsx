import { ClockIcon, EllipsisIcon, SparklesIcon } from '@/components/ui/icons';
import { Menu, MenuGroup, MenuItemCheckbox, MenuLink, MenuSeparator } from '@/components/ui/menu';
import { paths } from '@/config/paths';
import { setChatPanelOpen, useChatPanelOpen } from '@/features/assistant';
import { ClockEntries } from './header-clock';
import { ThemeMenuItems } from './theme-menu';

/**
 * Where the header's extras go when it has little room (app-shell.css hides them and shows this): the AI
 * Assistant toggle, the clocks (to the time zone planner) and the theme, under the names they have inline.
 */
export function HeaderMoreMenu() {
  const chatVisible = useChatPanelOpen();
  return (
    <Menu align="end" className="header-more" buttonClassName="btn btn-ghost btn-icon" buttonLabel="More" buttonTitle="More" menuLabel="More" button={<EllipsisIcon />}>
      <MenuItemCheckbox checked={chatVisible} onSelect={() => setChatPanelOpen(!chatVisible)} icon={<SparklesIcon />}>
        AI Assistant
      </MenuItemCheckbox>
      <MenuLink to={paths.app.timezones.getHref()} icon={<ClockIcon />}>
        <ClockEntries />
      </MenuLink>
      <MenuSeparator />
      <MenuGroup label="Theme">
        <ThemeMenuItems />
      </MenuGroup>
    </Menu>
  );
}
