import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { MentionDescriptionField } from './mention-description-field';

const members = [
  { userId: 'u-ana', displayName: 'Ana Lopez' },
  { userId: 'u-bo', displayName: 'Bo Chen' },
];

function Form({ initial, stored }: { initial: string; stored: string[] }) {
  const [value, setValue] = useState(initial);
  return (
    <MentionDescriptionField
      label="Description"
      value={value}
      members={members}
      error={undefined}
      maxLength={5000}
      onChange={(next) => {
        stored.push(next);
        setValue(next);
      }}
    />
  );
}

describe("a task form's Description with mentions (issue 37)", () => {
  it('shows stored mentions by name and stores a mention chosen from the list as its token', async () => {
    const stored: string[] = [];
    const { user } = renderWithApp(<Form initial="Ask @[u-ana]" stored={stored} />);
    const box = screen.getByLabelText('Description');
    expect(box).toHaveValue('Ask @Ana Lopez');
    await user.type(box, ' and @bo');
    await user.keyboard('{Enter}');
    expect(box).toHaveValue('Ask @Ana Lopez and @Bo Chen ');
    await user.type(box, 'today');
    expect(stored.at(-1)).toBe('Ask @[u-ana] and @[u-bo] today');
  });
});
