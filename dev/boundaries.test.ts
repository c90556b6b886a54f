/**
 * Teams ship alone (README "Ship your area alone"): checks over the whole repository, run in `npm test`.
 * - No part (a Worker, contracts, ui) imports another part's source: a relative import never leaves its package (tests
 *   and build configs may use the local runtime in dev/, the demo data and the e2e support as tools), and `@forecourt/<part>` names only a shared package (contracts, ui) or, in tests and the local
 *   runtime, the demo — never a Worker.
 * - Every package an import names is declared in the importing package's package.json (workspace packages included;
 *   tests, build configs and operator scripts may also use the repository's tools: root devDependencies, dev/, e2e/).
 * - Every island of contracts' ISLANDS registry is exposed by its remote's Module Federation build, and nothing else.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ISLANDS } from '@forecourt/contracts/islands';
import { REMOTE_NAMES } from '@forecourt/contracts/tenant';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const rootPkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { workspaces: string[]; devDependencies?: Record<string, string> };
/** Packages that hold Worker code: each is one team's and imports only shared packages. */
const WORKERS = ['shell', 'edge-api', ...REMOTE_NAMES];
/** Shared packages any part may depend on (declared, versioned). */
const SHARED = new Set(['@forecourt/contracts', '@forecourt/ui']);
const SOURCE = /\.(ts|tsx|mjs|js)$/;
/** Test code and build configs: they may use the local runtime (dev/), the demo data and the e2e support as tools. */
const TEST_FILE = /(\.test\.|\/test\/|\.config\.|\/fixtures\/|-suite\.|^[\w-]+\/scripts\/)/;
const TOOLING = ['dev', 'demo', 'e2e'];

type Pkg = { dir: string; name: string; deps: Set<string> };

function packages(): Pkg[] {
  return rootPkg.workspaces.map((dir) => {
    const pkg = JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8')) as { name: string; dependencies?: Record<string, string>; devDependencies?: Record<string, string> };
    return { dir, name: pkg.name, deps: new Set([...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.devDependencies ?? {})]) };
  });
}

function files(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((entry) => {
    if (entry === 'node_modules' || entry === 'dist' || entry.startsWith('.')) return [];
    const full = path.join(dir, entry);
    return statSync(full).isDirectory() ? files(full) : SOURCE.test(entry) ? [full] : [];
  });
}

/** Import specifiers of a source file: static imports/exports, dynamic imports, `import type`. */
export function importsOf(source: string): string[] {
  const found: string[] = [];
  const patterns = [/(?:^|[\s;])(?:import|export)\s[^'"]*?\sfrom\s*['"]([^'"]+)['"]/gm, /(?:^|[\s;])import\s*['"]([^'"]+)['"]/gm, /import\(\s*['"]([^'"]+)['"]\s*\)/g];
  // Comments may quote an import (`@example import ...`): strip them first.
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  for (const pattern of patterns) for (const m of code.matchAll(pattern)) found.push(m[1]!);
  return found;
}

const packageOf = (specifier: string) => (specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!);
const isBuiltin = (specifier: string) => specifier.startsWith('node:') || specifier.startsWith('cloudflare:') || builtinModules.includes(specifier) || specifier.startsWith('virtual:');

/** Every import of the repository that breaks a boundary, as `file: specifier (why)`. */
function violations(): string[] {
  const all = packages();
  // Test code may use the tools the local runtime and the browser tests declare (miniflare, wrangler, playwright-core).
  const toolDeps = new Set(all.filter((p) => TOOLING.includes(p.dir)).flatMap((p) => [...p.deps]));
  const out: string[] = [];
  // The parts: every Worker and the shared packages (dev, demo, e2e and bench are the local runtime and test tools).
  for (const pkg of all.filter((p) => WORKERS.includes(p.dir) || SHARED.has(p.name))) {
    const pkgRoot = path.join(root, pkg.dir);
    for (const file of files(pkgRoot)) {
      const rel = path.relative(root, file);
      const isTest = TEST_FILE.test(rel);
      for (const specifier of importsOf(readFileSync(file, 'utf8'))) {
        if (specifier.startsWith('.')) {
          const target = path.resolve(path.dirname(file), specifier);
          const inside = target === pkgRoot || target.startsWith(pkgRoot + path.sep);
          const tooling = isTest && TOOLING.some((dir) => target.startsWith(path.join(root, dir) + path.sep));
          if (!inside && !tooling) out.push(`${rel}: ${specifier} (reaches outside ${pkg.dir}/)`);
          continue;
        }
        if (isBuiltin(specifier)) continue;
        const name = packageOf(specifier);
        if (name.startsWith('@forecourt/')) {
          const other = all.find((p) => p.name === name);
          const otherIsWorker = other ? WORKERS.includes(other.dir) : false;
          if (name !== pkg.name && otherIsWorker) out.push(`${rel}: ${specifier} (another Worker's source)`);
          else if (name === '@forecourt/demo' && WORKERS.includes(pkg.dir) && !isTest) out.push(`${rel}: ${specifier} (demo code in a Worker)`);
          else if (name !== pkg.name && !SHARED.has(name) && !['@forecourt/demo', '@forecourt/dev'].includes(name)) out.push(`${rel}: ${specifier} (not a shared package)`);
        }
        // Declared: in the package's own package.json, or (tests and tooling only) the root's dev tools.
        const declared = name === pkg.name || pkg.deps.has(name) || (isTest && (rootPkg.devDependencies?.[name] !== undefined || toolDeps.has(name) || ['@forecourt/demo', '@forecourt/dev'].includes(name)));
        if (!declared) out.push(`${rel}: ${specifier} (${name} is not declared in ${pkg.dir}/package.json)`);
      }
    }
  }
  return out;
}

describe('import boundaries', () => {
  it('finds imports of every form (so the check below can fail)', () => {
    const src = `import a from '../../mf-account/src/x.ts';\nimport type { B } from "@forecourt/mf-vehicle/src/y";\nexport * from './z.ts';\nconst c = await import('@forecourt/shell/src/w');\nimport 'side-effect';\n// import nope from 'commented';\n/** @example import { x } from 'doc' */`;
    expect(importsOf(src)).toEqual(['../../mf-account/src/x.ts', '@forecourt/mf-vehicle/src/y', './z.ts', 'side-effect', '@forecourt/shell/src/w']);
  });

  it("no package imports another's source, the demo stays out of the Workers, every dependency is declared", () => {
    expect(violations()).toEqual([]);
  });
});

describe('contracts registries', () => {
  it("every remote's Module Federation exposes are exactly its islands in contracts ISLANDS, each file present", () => {
    for (const remote of REMOTE_NAMES) {
      const config = readFileSync(path.join(root, remote, 'vite.config.mjs'), 'utf8');
      const block = config.slice(config.indexOf('exposes:'));
      const exposed = [...block.slice(0, block.indexOf('}') + 1).matchAll(/'\.\/(\w+)':\s*'([^']+)'/g)].map((m) => ({ name: m[1]!, file: m[2]! }));
      expect(exposed.map((e) => e.name).sort(), remote).toEqual([...ISLANDS[remote]].sort());
      for (const { file } of exposed) expect(existsSync(path.join(root, remote, file)), `${remote} ${file}`).toBe(true);
    }
  });
});
