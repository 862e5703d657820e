import { initials } from '@shared/rules/user-name';
import { LogOutIcon, SettingsIcon } from '@/components/ui/icons';
import { Menu, MenuItem, MenuLink, MenuSeparator } from '@/components/ui/menu';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { useDisplayName } from '@/features/settings/api/profile';

/** The signed-in user and Sign out (which lands on /auth/login through the route guard). */
export function UserMenu() {
  const { user, signOut } = useAuth();
  const name = useDisplayName(user?.name ?? '');
  if (!user) return null;
  const shown = initials(name) || 'U';
  return (
    <Menu
      align="end"
      buttonClassName="btn btn-ghost btn-icon user-menu-button"
      // The name begins with what the button shows (WCAG 2.5.3, label in name), so "click AB" works by voice.
      buttonLabel={`${shown} User menu`}
      buttonTitle={user.email || user.name}
      menuLabel="User menu"
      header={
        <div className="user-menu-identity">
          <span className="user-menu-name">{name}</span>
          <span className="user-menu-email">{user.email}</span>
        </div>
      }
      button={
        <span className="avatar" aria-hidden="true">
          {shown}
        </span>
      }
    >
      <MenuLink to={paths.app.settings.getHref()} icon={<SettingsIcon />}>
        Settings
      </MenuLink>
      <MenuSeparator />
      <MenuItem onSelect={() => void signOut()} icon={<LogOutIcon />}>
        Sign out
      </MenuItem>
    </Menu>
  );
}
