import path from 'node:path';
import type { ChunkingContext } from 'rolldown';
import { describe, expect, it } from 'vitest';
import { chunkGroups } from './chunks';

const webRoot = '/app/web';
const source = (file: string) => path.join(webRoot, 'src', file);

/** A module graph of static imports, by path under web/src (or a node_modules path). */
function contextOf(graph: Record<string, string[]>): ChunkingContext {
  const id = (name: string) => (name.startsWith('/') ? name : source(name));
  const modules = new Map(Object.entries(graph).map(([name, imports]) => [id(name), imports.map(id)]));
  // The router loads every page lazily; nothing else does here.
  const dynamicImports = (moduleId: string) => (moduleId === source('app/router.tsx') ? pages.map(id) : []);
  return {
    getModuleInfo: (moduleId: string) =>
      modules.has(moduleId) ? ({ importedIds: modules.get(moduleId), dynamicallyImportedIds: dynamicImports(moduleId) } as never) : null,
  };
}

const pages = [
  'app/routes/landing.tsx',
  'app/routes/auth/index.ts',
  'app/routes/not-found.tsx',
  'app/layout/app-shell.tsx',
  'app/routes/app/dashboard.tsx',
  'app/routes/app/projects.tsx',
  'app/layout/mobile-shell.tsx',
  'app/routes/mobile/home.tsx',
  'app/routes/mobile/project.tsx',
];

function groupsOf(graph: Record<string, string[]>, files: string[]): Record<string, string | null> {
  const [, grouping] = chunkGroups(webRoot);
  const context = contextOf(graph);
  const name = grouping?.name as (id: string, context: ChunkingContext) => string | null;
  return Object.fromEntries(files.map((file) => [file, name(file.startsWith('/') ? file : source(file), context)]));
}

const react = '/app/node_modules/react/index.js';
const graph = {
  'main.tsx': ['app/router.tsx', 'lib/api-client.ts', react],
  'app/router.tsx': [],
  'lib/api-client.ts': [],
  'app/routes/landing.tsx': ['components/brand.tsx'],
  'app/routes/auth/index.ts': ['components/alert.tsx'],
  'app/routes/not-found.tsx': [],
  'app/signed-in-services.tsx': ['lib/realtime.ts', 'lib/api-client.ts'],
  'lib/realtime.ts': [],
  'app/layout/app-shell.tsx': ['components/menu.tsx', 'components/brand.tsx', 'features/projects/api.ts', react],
  'features/assistant/components/chat-panel.tsx': ['features/assistant/chat.tsx'],
  'features/assistant/chat.tsx': [],
  'app/routes/app/dashboard.tsx': ['components/alert.tsx'],
  'app/layout/mobile-shell.tsx': ['components/menu.tsx'],
  'app/routes/mobile/home.tsx': ['features/projects/api.ts', 'components/greeting.tsx'],
  'app/routes/app/projects.tsx': ['components/greeting.tsx', 'components/project-card.tsx'],
  'app/routes/mobile/project.tsx': ['features/assistant/chat.tsx', 'components/project-card.tsx'],
  'components/greeting.tsx': [],
  'components/project-card.tsx': [],
  'components/menu.tsx': [],
  'components/brand.tsx': [],
  'components/alert.tsx': [],
  'features/projects/api.ts': [],
};

describe('chunkGroups', () => {
  const groups = groupsOf(graph, Object.keys(graph).concat(react));

  it('leaves the entry, React and the signed-out pages out of the signed-in groups', () => {
    expect(groups['main.tsx']).toBeNull();
    expect(groups['lib/api-client.ts']).toBeNull();
    expect(groups[react]).toBeNull();
    expect(groups['app/routes/landing.tsx']).toBeNull();
    expect(groups['app/routes/auth/index.ts']).toBeNull();
  });

  it('puts what the signed-out pages share with the signed-in groups in common (the landing has it too) or auth-shared', () => {
    expect(groups['components/brand.tsx']).toBe('common');
    expect(groups['components/alert.tsx']).toBe('auth-shared');
  });

  it('puts the services, and what both layouts use, in signed-in', () => {
    expect(groups['app/signed-in-services.tsx']).toBe('signed-in');
    expect(groups['lib/realtime.ts']).toBe('signed-in');
    expect(groups['components/menu.tsx']).toBe('signed-in');
    expect(groups['features/projects/api.ts']).toBe('signed-in');
  });

  it('puts what one layout’s group shares with the other layout’s pages in signed-in, and leaves what only pages share', () => {
    expect(groups['features/assistant/chat.tsx']).toBe('signed-in');
    expect(groups['components/greeting.tsx']).toBe('signed-in');
    expect(groups['components/project-card.tsx']).toBeNull();
    expect(groups['app/routes/app/projects.tsx']).toBeNull();
  });

  it('keeps each layout’s own modules in its group', () => {
    expect(groups['app/layout/app-shell.tsx']).toBe('desktop');
    expect(groups['features/assistant/components/chat-panel.tsx']).toBe('desktop');
    expect(groups['app/routes/app/dashboard.tsx']).toBe('desktop');
    expect(groups['app/layout/mobile-shell.tsx']).toBe('mobile');
    expect(groups['app/routes/mobile/home.tsx']).toBe('mobile');
  });

  it('stops the build when a module it names is gone', () => {
    const { 'app/routes/mobile/home.tsx': _home, 'app/router.tsx': _router, ...withoutThem } = graph;
    expect(() => groupsOf(withoutThem, ['main.tsx'])).toThrow(
      'web/chunks.ts names modules the build does not have: app/router.tsx, app/routes/mobile/home.tsx',
    );
  });
});
