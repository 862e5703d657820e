import path from 'node:path';
import type { ChunkingContext } from 'rolldown';

/**
 * How the production build groups modules into files (vite.config.ts). Left to the import graph alone, the
 * first signed-in page was some forty small files, each compressed on its own, which cost about a fifth
 * more than the same code in fewer files (bench/bundle-size.ts). So besides the entry:
 *
 * - `react`: React and the router, which change less often than the app and stay cached across deploys.
 * - `signed-in`: what every signed-in page loads (the current workspace, realtime and their caches), and
 *   what of the layouts' groups below the other layout's pages use too.
 * - `desktop`: the desktop shell (header, sidebar, the assistant's panel, open by default) and the
 *   dashboard, the page a sign-in lands on.
 * - `mobile`: the phone layout's shell and its home page.
 * - `common` and `auth-shared`: what the signed-out pages share with the groups above (the brand, the
 *   document title, the alert), split by whether the landing page has it too, so the signed-out pages never
 *   load a signed-in group and the landing page never loads what only the auth pages need.
 *
 * A group takes the modules its roots import statically, except those the entry already has. Every other
 * page, and what only it imports, follows the import graph. (Of the packages, the entry's static closure is
 * larger than what the bundler keeps in it: TanStack's hooks and some of zod stay in small files of their own.)
 *
 * Watch bench/bundle-size.ts after adding imports to the groups: one of TanStack Query's own modules of the
 * entry (onlineManager) imported from a group made the bundler split zod out of the entry into a file of its
 * own, one more file on every first load.
 */

const reactPackages = /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/;

/**
 * Package modules in the entry's static closure (it imports the packages' indexes) that the entry's code never
 * calls, so the bundler leaves them out of the entry, each in a small file of its own (five files on every
 * signed-in first load, ~0.6 kB more than the same code in the groups). Named here, they join the group that
 * uses them: TanStack's query hooks and zod's date and coercion schemas only signed-in code, the mutation
 * hook the auth pages too. The infinite query's hook and observer too, since the bell's inbox (issue 37) reads
 * pages on every signed-in page: its observer extends the query's, and placed by the graph it was evaluated
 * before its base class ("Class extends value undefined", the app did not start).
 */
const tanstack = (module: string) => `@tanstack[\\/](react-query|query-core)[\\/]build[\\/]modern[\\/](${module})\\.js$`;
const entryClosureExtras: readonly { group: string; modules: RegExp }[] = [
  {
    group: 'signed-in',
    modules: new RegExp(
      `${tanstack('useQuery|useInfiniteQuery|useBaseQuery|queryObserver|infiniteQueryObserver|errorBoundaryUtils|suspense|QueryErrorResetBoundary|IsRestoringProvider|queryOptions')}|zod[\\/]v4[\\/]mini[\\/](iso|coerce)\\.js$`,
    ),
  },
  { group: 'auth-shared', modules: new RegExp(tanstack('useMutation|mutationObserver')) },
];

const layoutRoots = {
  desktop: ['app/layout/app-shell.tsx', 'features/assistant/components/chat-panel.tsx', 'app/routes/app/dashboard.tsx'],
  mobile: ['app/layout/mobile-shell.tsx', 'app/routes/mobile/home.tsx'],
};
const signedOutRoots = ['app/routes/landing.tsx', 'app/routes/auth/index.ts', 'app/routes/not-found.tsx'];

function staticClosure(roots: readonly string[], context: ChunkingContext): Set<string> {
  const seen = new Set<string>();
  const pending = [...roots];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    pending.push(...(context.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

export function chunkGroups(webRoot: string) {
  const source = (file: string) => path.join(webRoot, 'src', file);
  let groupOf: Map<string, string> | undefined;

  function assignGroups(context: ChunkingContext): Map<string, string> {
    // A renamed module would silently empty its group and bring the forty files back.
    const named = ['main.tsx', 'app/router.tsx', 'app/signed-in-services.tsx', ...layoutRoots.desktop, ...layoutRoots.mobile, ...signedOutRoots];
    const missing = named.filter((file) => !context.getModuleInfo(source(file)));
    if (missing.length > 0) throw new Error(`web/chunks.ts names modules the build does not have: ${missing.join(', ')}`);
    const closureOf = (roots: readonly string[]) => staticClosure(roots.map(source), context);
    const entry = closureOf(['main.tsx']);
    const signedOut = closureOf(signedOutRoots);
    const elsewhere = new Set([...entry, ...signedOut]);
    const desktop = closureOf(layoutRoots.desktop);
    const mobile = closureOf(layoutRoots.mobile);
    const pages = (context.getModuleInfo(source('app/router.tsx'))?.dynamicallyImportedIds ?? []).filter((id) => !elsewhere.has(id));
    const isMobilePage = (id: string) => id.startsWith(source('app/routes/mobile/')) || id === source('app/layout/mobile-shell.tsx');
    const desktopPages = staticClosure(pages.filter((id) => !isMobilePage(id)), context);
    const mobilePages = staticClosure(pages.filter(isMobilePage), context);
    const assigned = new Map<string, string>();
    const assign = (ids: Iterable<string>, name: string) => {
      for (const id of ids) if (!assigned.has(id) && !elsewhere.has(id) && !reactPackages.test(id)) assigned.set(id, name);
    };
    const services = closureOf(['app/signed-in-services.tsx']);
    assign(services, 'signed-in');
    // What the other layout's pages use too goes to signed-in, so a phone never loads the desktop's group,
    // nor a desktop page the phone's.
    assign([...desktop].filter((id) => mobilePages.has(id)), 'signed-in');
    assign([...mobile].filter((id) => desktopPages.has(id)), 'signed-in');
    assign(desktop, 'desktop');
    assign(mobile, 'mobile');
    // What the signed-out pages share with the groups above, in two files rather than one per module: what
    // the landing page has too (every page loads it), and what only the auth pages share.
    const landing = closureOf(['app/routes/landing.tsx']);
    const signedInUses = new Set([...services, ...desktop, ...mobile]);
    for (const id of signedOut) {
      if (signedInUses.has(id) && !entry.has(id) && !reactPackages.test(id)) assigned.set(id, landing.has(id) ? 'common' : 'auth-shared');
    }
    for (const id of entry) {
      const extra = entryClosureExtras.find(({ modules }) => modules.test(id));
      if (extra) assigned.set(id, extra.group);
    }
    return assigned;
  }

  return [
    { name: 'react', test: reactPackages, priority: 2 },
    {
      name: (id: string, context: ChunkingContext) => (groupOf ??= assignGroups(context)).get(id) ?? null,
      debugName: 'signed-in, desktop, mobile',
      priority: 1,
      // Each group already holds what its roots import, but for the entry's modules, which must stay there.
      includeDependenciesRecursively: false,
    },
  ];
}
