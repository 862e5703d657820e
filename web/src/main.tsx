import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { installEnglishValidationMessages } from '@shared/schemas/messages';
import type { WebConfig } from '@shared/web-config';
import { App } from '@/app';
import { ConfigErrorScreen } from '@/components/config-error-screen';
import { FullPageLoader } from '@/components/ui/spinner';
import { ConfigError, fetchWebConfig, setConfig } from '@/lib/config';
import { reloadWhenChunksAreMissing } from '@/lib/stale-build';
import { applyStoredTheme } from '@/lib/theme-provider';
import '@/styles.css';

async function boot(): Promise<void> {
  installEnglishValidationMessages();
  applyStoredTheme();
  reloadWhenChunksAreMissing();
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  const root = createRoot(container);
  root.render(<FullPageLoader />);

  let config: WebConfig;
  try {
    config = await fetchWebConfig();
  } catch (error) {
    const configError = error instanceof ConfigError ? error : new ConfigError('The app could not start', [String(error)]);
    root.render(<ConfigErrorScreen error={configError} />);
    return;
  }
  setConfig(config);
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void boot();
