import { MonitorIcon, MoonIcon, SunIcon } from '@/components/ui/icons';
import { Menu, MenuItemRadio } from '@/components/ui/menu';
import { themeLabels, themePreferences, type ThemePreference } from '@/lib/theme';
import { useTheme } from '@/lib/theme-provider';

const icons: Record<ThemePreference, typeof SunIcon> = { light: SunIcon, dark: MoonIcon, system: MonitorIcon };

/** Light, Dark and System as radio items: the Theme menu's, and the header's More menu's on narrow screens. */
export function ThemeMenuItems() {
  const { preference, setPreference } = useTheme();
  return themePreferences.map((option) => {
    const Icon = icons[option];
    return (
      <MenuItemRadio key={option} checked={preference === option} onSelect={() => setPreference(option)} icon={<Icon />}>
        {themeLabels[option]}
      </MenuItemRadio>
    );
  });
}

export function ThemeMenu({ className }: { className?: string }) {
  const { preference, resolved } = useTheme();
  const ButtonIcon = resolved === 'dark' ? MoonIcon : SunIcon;
  return (
    <Menu
      align="end"
      className={className}
      buttonClassName="btn btn-ghost btn-icon"
      buttonLabel="Theme"
      buttonTitle={`Theme: ${themeLabels[preference]}`}
      menuLabel="Theme"
      button={<ButtonIcon />}
    >
      <ThemeMenuItems />
    </Menu>
  );
}
