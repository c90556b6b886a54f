/**
 * A second build of one remote, for the local runtime to run beside the current tree's (ARCHITECTURE.md "Canary one
 * remote for one tenant"; `npm start -- --canary mf-search=<git ref|folder|demo>[@<label>]`):
 *  - `<git ref>`: that commit, exported with `git archive` (committed files only);
 *  - `<folder>`: another Forecourt checkout, as it is on disk;
 *  - `demo`: this working tree with the demo's canary change applied (demo/canary/<remote>.json: a visible difference,
 *    so the demo shows one tenant on the canary and the others on stable).
 * The tree is built with its own build script (`node dev/build.mjs --only <remote> --version <label>`) against this
 * checkout's installed packages (a node_modules of links, except the tree's own workspace packages: the canary is
 * built with the contracts it was written against), into `.canary/`. Builds are kept by source and label, and a lock
 * lets two test processes share one build.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { takeFolderLock } from './folder-lock.mjs';
import { REMOTES, ROOT, VERSION_LABEL } from './workers.mjs';

export const CANARY_DIR = join(ROOT, '.canary');

/**
 * A Cloudflare-shaped Worker version id (a UUID) for a build the local runtime runs: derived from the remote and its
 * version label, so the registry the runtime seeds and the version metadata each build reports always agree.
 */
export function localWorkerVersionId(remote, version) {
  const h = createHash('sha256').update(`${remote}@${version}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${((parseInt(h[16], 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** `mf-search=HEAD~2@0.2.0` -> `{ remote: 'mf-search', source: 'HEAD~2', label: '0.2.0' }`. */
export function parseCanaryArg(arg) {
  const m = new RegExp(`^([a-z-]+)=(.+?)(?:@(${VERSION_LABEL.source.slice(1, -1)}))?$`).exec(arg ?? '');
  if (!m) throw new Error(`--canary takes <remote>=<git ref|folder|demo>[@<label>], not "${arg}"`);
  if (!REMOTES.includes(m[1])) throw new Error(`--canary: unknown remote "${m[1]}": choose one of ${REMOTES.join(', ')}`);
  return { remote: m[1], source: m[2], label: m[3] };
}

const packageVersion = (dir) => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version;
const git = (...args) => execFileSync('git', ['-C', ROOT, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

/** The files of this working tree worth copying: tracked and untracked, without what .gitignore leaves out. */
function workingTreeFiles() {
  return git('ls-files', '-z', '--cached', '--others', '--exclude-standard').split('\0').filter((f) => f && existsSync(join(ROOT, f)) && statSync(join(ROOT, f)).isFile());
}

/** The demo's canary change of a remote: `{ description, edits: [{ file, find, replace }] }`, each `find` found once. */
export function readDemoChange(remote, root = ROOT) {
  const file = join(root, 'demo/canary', `${remote}.json`);
  if (!existsSync(file)) throw new Error(`The demo has no canary change for ${remote} (demo/canary/${remote}.json)`);
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** Applies a change's edits to a tree; fails naming the edit whose text is not there exactly once (nothing half-done is used). */
export function applyChange(tree, change) {
  for (const { file, find, replace } of change.edits) {
    const path = join(tree, file);
    const text = readFileSync(path, 'utf8');
    const at = text.indexOf(find);
    if (at < 0 || text.indexOf(find, at + 1) >= 0) throw new Error(`canary change "${change.description}": ${file} must hold ${JSON.stringify(find.slice(0, 80))} exactly once`);
    writeFileSync(path, text.slice(0, at) + replace + text.slice(at + find.length));
  }
}

/** Where a source comes from, and the key its build is kept under. */
function describeSource(source, remote, changeFile) {
  if (source === 'demo' || changeFile) {
    const files = workingTreeFiles();
    const h = createHash('sha256');
    for (const f of files.sort()) h.update(f).update('\0').update(readFileSync(join(ROOT, f))).update('\0');
    const change = changeFile ? JSON.parse(readFileSync(changeFile, 'utf8')) : readDemoChange(remote);
    h.update(JSON.stringify(change));
    return { kind: 'working-tree', files, change, key: `wt-${h.digest('hex').slice(0, 16)}`, defaultSuffix: changeFile ? 'change' : 'demo' };
  }
  const folder = isAbsolute(source) || source.startsWith('.') ? resolve(source) : null;
  if (folder && existsSync(join(folder, 'package.json'))) {
    if (!existsSync(join(folder, remote, 'package.json'))) throw new Error(`${folder} is not a Forecourt checkout with ${remote}/`);
    // A folder can change at any time: built afresh every time, in one place per folder (nothing accumulates).
    return { kind: 'folder', folder, key: `dir-${createHash('sha256').update(folder).digest('hex').slice(0, 12)}`, defaultSuffix: 'local', rebuild: true };
  }
  let sha;
  try {
    sha = git('rev-parse', '--verify', '--quiet', '--end-of-options', `${source}^{commit}`);
  } catch {
    throw new Error(`--canary ${remote}=${source}: not a git ref of this repository, nor a folder holding a Forecourt checkout, nor "demo"`);
  }
  return { kind: 'git', sha, key: `git-${sha.slice(0, 12)}`, defaultSuffix: sha.slice(0, 7) };
}

/** A node_modules for a tree: links to this checkout's packages, the workspace packages (@forecourt/*) to the tree's own. */
function linkNodeModules(tree) {
  const target = join(tree, 'node_modules');
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target);
  for (const entry of readdirSync(join(ROOT, 'node_modules'))) {
    if (entry === '@forecourt') continue;
    symlinkSync(join(ROOT, 'node_modules', entry), join(target, entry));
  }
  mkdirSync(join(target, '@forecourt'));
  for (const pkg of readdirSync(join(ROOT, 'node_modules/@forecourt'))) {
    const own = join(tree, pkg);
    symlinkSync(existsSync(join(own, 'package.json')) ? own : join(ROOT, pkg), join(target, '@forecourt', pkg));
  }
}

/**
 * The environment of a canary build: this process's, without what a test runner sets (under vitest, NODE_ENV=test and
 * VITEST* make Vite's Module Federation plugin build nothing), and without a version label meant for another build.
 */
function buildEnv() {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(VITEST|NODE_ENV$|TEST$|FORECOURT_BUILD_VERSION$)/.test(k)));
  return env;
}

/** Runs `fn` holding the lock folder `path` (dev/folder-lock.mjs; a stale one, older than 10 minutes, is taken over). */
async function withLock(path, fn) {
  const release = await takeFolderLock(path, { staleMs: 10 * 60_000, giveUpMs: 10 * 60_000, pollMs: 300 });
  try {
    return await fn();
  } finally {
    release();
  }
}

/**
 * Builds a canary of `remote` from `source` (see the file's comment) and returns where it is:
 * `{ remote, version, dir }` with `dir` the tree's remote folder (its wrangler.jsonc and dist/).
 * @param {{ remote: string, source: string, label?: string, change?: string, log?: (line: string) => void }} options
 *   `change`: a change file (the demo's format) applied to the working tree instead of the demo's: tests use it for a
 *   deliberately broken canary.
 */
export async function prepareCanary({ remote, source, label, change, log = () => {} }) {
  if (!REMOTES.includes(remote)) throw new Error(`Unknown remote "${remote}": choose one of ${REMOTES.join(', ')}`);
  if (label && !VERSION_LABEL.test(label)) throw new Error(`"${label}" is not a version label (letters, digits, dots, hyphens, underscores)`);
  const origin = describeSource(source, remote, change);
  const stableVersion = packageVersion(join(ROOT, remote));
  const home = join(CANARY_DIR, remote, origin.key);
  mkdirSync(dirname(home), { recursive: true });
  return withLock(`${home}.lock`, async () => {
    const tree = join(home, 'tree');
    const stamp = join(home, 'built.json');
    if (!origin.rebuild && existsSync(stamp)) {
      const built = JSON.parse(readFileSync(stamp, 'utf8'));
      if (!label || built.version === label) {
        log(`canary ${remote} ${built.version}: kept build (${relative(ROOT, home)})`);
        return { remote, version: built.version, dir: join(tree, remote), source };
      }
    }
    rmSync(home, { recursive: true, force: true });
    mkdirSync(tree, { recursive: true });
    if (origin.kind === 'git') {
      const archive = spawnSync('git', ['-C', ROOT, 'archive', '--format=tar', origin.sha], { maxBuffer: 1 << 30 });
      if (archive.status !== 0) throw new Error(`git archive ${origin.sha} failed: ${archive.stderr}`);
      const untar = spawnSync('tar', ['-x', '-C', tree], { input: archive.stdout });
      if (untar.status !== 0) throw new Error(`tar failed: ${untar.stderr}`);
    } else if (origin.kind === 'folder') {
      cpSync(origin.folder, tree, { recursive: true, filter: (src) => !/(^|\/)(node_modules|dist|\.wrangler|\.canary|\.git)(\/|$)/.test(relative(origin.folder, src)) });
    } else {
      for (const f of origin.files) cpSync(join(ROOT, f), join(tree, f));
      applyChange(tree, origin.change);
    }
    linkNodeModules(tree);
    const theirs = packageVersion(join(tree, remote));
    const version = label ?? (theirs !== stableVersion ? theirs : `${theirs}-canary.${origin.defaultSuffix}`);
    log(`canary ${remote} ${version}: building ${origin.kind === 'git' ? origin.sha.slice(0, 12) : origin.kind === 'folder' ? origin.folder : origin.change.description}`);
    const build = spawnSync(process.execPath, ['dev/build.mjs', '--only', remote, '--version', version], { cwd: tree, encoding: 'utf8', env: buildEnv() });
    if (build.status !== 0) throw new Error(`The canary build of ${remote} failed:\n${build.stdout}\n${build.stderr}`);
    const manifest = JSON.parse(readFileSync(join(tree, remote, 'dist/asset-manifest.json'), 'utf8'));
    if (manifest.version !== version) {
      // A tree whose build script predates `--version` builds under its package version.
      if (manifest.version === stableVersion) throw new Error(`The canary of ${remote} was built as ${manifest.version}, the version the current tree runs (its build takes no --version): give it another package version`);
      log(`canary ${remote}: its build named itself ${manifest.version}`);
    }
    writeFileSync(stamp, JSON.stringify({ remote, version: manifest.version, source, builtAt: new Date().toISOString() }) + '\n');
    return { remote, version: manifest.version, dir: join(tree, remote), source };
  });
}
