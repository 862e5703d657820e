import { useId } from 'react';
import { Card } from '@/components/ui/card';
import { themeLabels, themePreferences } from '@/lib/theme';
import { useTheme } from '@/lib/theme-provider';

/** Settings' theme choice: applied at once and kept in this browser, so it works even when the profile does not load. */
export function ThemeCard() {
  const { preference, setPreference } = useTheme();
  const themeName = useId();
  return (
    <Card title="Theme">
      <fieldset className="settings-choice">
        <legend className="visually-hidden">Theme</legend>
        {themePreferences.map((theme) => (
          <label key={theme} className="settings-radio">
            <input type="radio" name={themeName} value={theme} checked={preference === theme} onChange={() => setPreference(theme)} />
            {themeLabels[theme]}
          </label>
        ))}
      </fieldset>
    </Card>
  );
}
