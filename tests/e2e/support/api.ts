import type { Page } from '@playwright/test';

/**
 * Calls the API as the user signed in on `page`: the app's /config.json names the API, and Amplify keeps
 * the ID token in localStorage. For arranging data a spec is not about (tasks for a list's progress bars).
 */
export async function callApiAs<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const result = await page.evaluate(
    async ({ method, path, body }) => {
      const config = (await (await fetch('/config.json')).json()) as { apiUrl: string };
      const tokenKey = Object.keys(localStorage).find((key) => key.startsWith('CognitoIdentityServiceProvider.') && key.endsWith('.idToken'));
      const token = tokenKey ? localStorage.getItem(tokenKey) : null;
      if (!token) throw new Error('Nobody is signed in on this page');
      const response = await fetch(`${config.apiUrl.replace(/\/+$/, '')}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      return { status: response.status, text };
    },
    { method, path, body },
  );
  if (result.status >= 400) throw new Error(`${method} ${path} → ${result.status}: ${result.text}`);
  return (result.text ? JSON.parse(result.text) : undefined) as T;
}

/** Creates something through the API as that user and answers its id (the answer is `{ [key]: { id, … } }`). */
export async function createAs(page: Page, path: string, body: unknown, key: string): Promise<string> {
  const answer = await callApiAs<Record<string, { id: string } | undefined>>(page, 'POST', path, body);
  const id = answer[key]?.id;
  if (!id) throw new Error(`POST ${path} answered no ${key}`);
  return id;
}
