export const themePreferences = ['light', 'dark', 'system'] as const;
export type ThemePreference = (typeof themePreferences)[number];
export type ResolvedTheme = 'light' | 'dark';

/** A stored value as a preference; anything unknown (or nothing) means 'system'. */
export function parseThemePreference(value: string | null | undefined): ThemePreference {
  return themePreferences.find((preference) => preference === value) ?? 'system';
}

/** 'system' follows the operating system's prefers-color-scheme. */
export function resolveTheme(preference: ThemePreference, systemPrefersDark: boolean): ResolvedTheme {
  if (preference === 'system') return systemPrefersDark ? 'dark' : 'light';
  return preference;
}

export const themeLabels: Record<ThemePreference, string> = { light: 'Light', dark: 'Dark', system: 'System' };
