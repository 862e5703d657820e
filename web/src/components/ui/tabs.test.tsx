import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Tabs } from './tabs';

type Tab = 'all' | 'connected' | 'available';

function Catalogue() {
  const [selected, setSelected] = useState<Tab>('all');
  return (
    <Tabs<Tab>
      label="Integrations"
      selected={selected}
      onSelect={setSelected}
      items={[
        { id: 'all', label: 'All', content: <p>Every integration</p> },
        { id: 'connected', label: 'Connected', content: <p>No connected integrations yet</p> },
        { id: 'available', label: 'Available', content: <p>Slack, GitHub</p> },
      ]}
    />
  );
}

describe('Tabs (WAI-ARIA tabs, automatic activation)', () => {
  it('show the selected tab’s panel only, named by its tab, with the selected tab alone in the Tab order', () => {
    render(<Catalogue />);
    expect(screen.getByRole('tablist', { name: 'Integrations' })).toBeInTheDocument();
    const all = screen.getByRole('tab', { name: 'All' });
    expect(all).toHaveAttribute('aria-selected', 'true');
    expect(all).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('tab', { name: 'Connected' })).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('tabpanel', { name: 'All' })).toHaveTextContent('Every integration');
    expect(screen.queryByText('No connected integrations yet')).toBeNull();
  });

  it('move and select with the arrow keys (wrapping), Home and End, and a click', async () => {
    const user = userEvent.setup();
    render(<Catalogue />);
    await user.click(screen.getByRole('tab', { name: 'Connected' }));
    expect(screen.getByRole('tabpanel', { name: 'Connected' })).toHaveTextContent('No connected integrations yet');

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Available' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Available' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Available' })).toHaveTextContent('Slack, GitHub');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'All' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Available' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Available' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'false');
  });
});
