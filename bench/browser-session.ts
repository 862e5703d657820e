import type { Page } from '@playwright/test';

/** The password every bench user is signed up with (`signUpAndSignIn` of the integration helpers). */
export const BENCH_PASSWORD = 'Correct-horse-9';

/** Signs a bench user in through the web app's own sign-in page; resolves on the dashboard. */
export async function signInInBrowser(page: Page, email: string): Promise<void> {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(BENCH_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/dashboard$/);
}

/** The user ID (`sub`) an ID token names. */
export function subjectOf(idToken: string): string {
  return String((JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as { sub: unknown }).sub);
}
