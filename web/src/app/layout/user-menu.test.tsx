import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { profileView } from '@/testing/fixtures';
import { renderWithApp } from '@/testing/render';
import { api, server } from '@/testing/server';
import { UserMenu } from './user-menu';

describe('the user menu', () => {
  it('is named by the initials it shows, then what it is (WCAG 2.5.3, label in name)', async () => {
    server.use(http.get(api('/profile'), () => HttpResponse.json({ profile: profileView({ displayName: 'Ana Lima' }) })));
    const { user } = renderWithApp(<UserMenu />);
    const button = await screen.findByRole('button', { name: 'AL User menu' });
    expect(button).toHaveTextContent('AL');
    await user.click(button);
    expect(screen.getByRole('menu', { name: 'User menu' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Sign out' })).toBeInTheDocument();
  });
});
