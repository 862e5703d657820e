import { MonitorIcon, MoonIcon, SunIcon } from '@/components/ui/icons';
import { Menu, MenuItemRadio } from '@/components/ui/menu';
import { themeLabels, themePreferences, type ThemePreference } from '@/lib/theme';
import { useTheme } from '@/lib/theme-provider';

const icons: Record<ThemePreference, typeof SunIcon> = { light: SunIcon, dark: MoonIcon, system: MonitorIcon };

export function ThemeMenu() {
  const { preference, resolved, setPreference } = useTheme();
  const ButtonIcon = resolved === 'dark' ? MoonIcon : SunIcon;
  return (
    <Menu
      align="end"
      buttonClassName="btn btn-ghost btn-icon"
      buttonLabel="Theme"
      buttonTitle={`Theme: ${themeLabels[preference]}`}
      menuLabel="Theme"
      button={<ButtonIcon />}
    >
      {themePreferences.map((option) => {
        const Icon = icons[option];
        return (
          <MenuItemRadio key={option} checked={preference === option} onSelect={() => setPreference(option)} icon={<Icon />}>
            {themeLabels[option]}
          </MenuItemRadio>
        );
      })}
    </Menu>
  );
}
