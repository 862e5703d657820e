import { Link, useSearchParams } from 'react-router-dom';
import { Tabs } from '@/components/ui/tabs';
import { integrationIds, integrations, type IntegrationInfo } from '../data/catalogue';
import { useMockConnections } from '../hooks/use-integration-state';
import { ConnectionBadge, IntegrationIcon } from './integration-page';
import './integrations.css';

/** Google Calendar is the real integration: its state comes from its own feature, through the route. */
export interface GoogleCalendarSummary {
  readonly connected: boolean;
  readonly accountCount: number;
  /** While its status is being read the card says so instead of guessing. */
  readonly loading?: boolean;
}

const catalogueTabs = ['all', 'connected', 'available'] as const;
type CatalogueTab = (typeof catalogueTabs)[number];
const TAB_PARAM = 'tab';

const tabTitles: Record<CatalogueTab, string> = { all: 'All', connected: 'Connected', available: 'Available' };
const emptyTexts: Record<CatalogueTab, string> = {
  all: 'No integrations.',
  connected: 'No connected integrations yet. Open one under Available to connect it.',
  available: 'Every integration is connected.',
};

interface CatalogueEntry {
  readonly integration: IntegrationInfo;
  readonly connected: boolean;
  readonly loading: boolean;
  /** A line under the description ('2 accounts connected'). */
  readonly detail?: string;
}

const accountCountText = (count: number) => `${count} ${count === 1 ? 'account' : 'accounts'} connected`;

function IntegrationCard({ entry }: { entry: CatalogueEntry }) {
  const { integration, connected, loading, detail } = entry;
  return (
    <li>
      <Link to={integration.href} className="integration-card">
        <IntegrationIcon integration={integration} />
        <span className="integration-card-body">
          <span className="integration-card-title">
            <h2 className="integration-name">{integration.name}</h2>
            {loading ? <span className="integration-badge">Checking…</span> : <ConnectionBadge connected={connected} preview={integration.preview} />}
          </span>
          <span className="integration-card-description muted">{integration.description}</span>
          {detail ? <span className="integration-card-detail">{detail}</span> : null}
          {integration.preview ? <span className="integration-card-detail muted">A mock-up: nothing is sent or read</span> : null}
        </span>
      </Link>
    </li>
  );
}

function CardGrid({ entries, emptyText }: { entries: readonly CatalogueEntry[]; emptyText: string }) {
  if (entries.length === 0) return <p className="muted integration-empty">{emptyText}</p>;
  return (
    <ul className="integration-grid">
      {entries.map((entry) => (
        <IntegrationCard key={entry.integration.id} entry={entry} />
      ))}
    </ul>
  );
}

/**
 * The integrations catalogue (spec pages §2 Integrations): tabs All, Connected and Available, a card per
 * integration linking to its page. The chosen tab is kept in the address, so Back returns to it.
 */
export function IntegrationsCatalogue({ googleCalendar }: { googleCalendar: GoogleCalendarSummary }) {
  const mocks = useMockConnections();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get(TAB_PARAM);
  const tab: CatalogueTab = catalogueTabs.find((candidate) => candidate === requested) ?? 'all';
  const selectTab = (next: CatalogueTab) =>
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (next === 'all') params.delete(TAB_PARAM);
        else params.set(TAB_PARAM, next);
        return params;
      },
      { replace: true },
    );

  const calendarLoading = googleCalendar.loading === true;
  const entries: CatalogueEntry[] = integrationIds.map((id) =>
    id === 'google-calendar'
      ? {
          integration: integrations[id],
          connected: !calendarLoading && googleCalendar.connected,
          loading: calendarLoading,
          ...(!calendarLoading && googleCalendar.connected ? { detail: accountCountText(googleCalendar.accountCount) } : {}),
        }
      : { integration: integrations[id], connected: mocks[id], loading: false },
  );
  const shown: Record<CatalogueTab, CatalogueEntry[]> = {
    all: entries,
    connected: entries.filter((entry) => entry.connected),
    available: entries.filter((entry) => !entry.connected && !entry.loading),
  };

  return (
    <Tabs
      label="Integrations"
      className="integrations-tabs"
      selected={tab}
      onSelect={selectTab}
      items={catalogueTabs.map((id) => ({
        id,
        label: (
          <>
            {tabTitles[id]} <span className="muted">({shown[id].length})</span>
          </>
        ),
        content: <CardGrid entries={shown[id]} emptyText={emptyTexts[id]} />,
      }))}
    />
  );
}
