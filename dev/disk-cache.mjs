/**
 * Bounded caches of the local runtime's generated pictures (dev/demo-photos.mjs, dev/image-resizer.mjs): a folder on
 * disk that never holds more than `maxBytes` (least recently used files go first), and an in-memory LRU of the hottest
 * answers, bounded the same way. Everything in them can be made again, so eviction only costs time.
 */
import { mkdirSync, readdirSync, statSync } from 'node:fs';
import { readFile, rename, rm, utimes, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { join } from 'node:path';

/** A file name for a cache key: hex digest plus the extension, so any key is a safe name. */
export const cacheFileName = (key, ext = '') => createHash('sha256').update(key).digest('hex').slice(0, 40) + ext;

/**
 * A folder of files bounded to `maxBytes`: `get` marks a file used (its mtime), `put` writes atomically (temp file,
 * then rename) and then removes the least recently used files until the folder is under 90% of the bound.
 * @example const cache = new DiskCache({ dir: 'demo/generated/photos', maxBytes: 1 << 30 }); await cache.put('k.jpg', bytes)
 */
export class DiskCache {
  /** @param {{ dir: string, maxBytes: number }} options */
  constructor({ dir, maxBytes }) {
    this.dir = dir;
    this.maxBytes = maxBytes;
    mkdirSync(dir, { recursive: true });
    /** @type {Map<string, { size: number, used: number }>} file name -> size and last use (ms), oldest first when sorted */
    this.files = new Map();
    this.bytes = 0;
    for (const name of readdirSync(dir)) {
      if (name.endsWith('.tmp')) continue;
      const st = statSync(join(dir, name));
      this.files.set(name, { size: st.size, used: st.mtimeMs });
      this.bytes += st.size;
    }
  }

  /** The bytes under `name`, or null. */
  async get(name) {
    const entry = this.files.get(name);
    if (!entry) return null;
    try {
      const bytes = await readFile(join(this.dir, name));
      entry.used = Date.now();
      // The mtime carries the last use across restarts (a failed touch only costs ordering).
      utimes(join(this.dir, name), new Date(), new Date(entry.used)).catch(() => {});
      return bytes;
    } catch {
      this.forget(name);
      return null;
    }
  }

  /** Stores `bytes` under `name` (atomically), then keeps the folder under its bound. */
  async put(name, bytes) {
    if (bytes.byteLength > this.maxBytes) return;
    const path = join(this.dir, name);
    const tmp = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    await writeFile(tmp, bytes);
    await rename(tmp, path);
    this.forget(name);
    this.files.set(name, { size: bytes.byteLength, used: Date.now() });
    this.bytes += bytes.byteLength;
    if (this.bytes > this.maxBytes) await this.evict(Math.floor(this.maxBytes * 0.9));
  }

  forget(name) {
    const entry = this.files.get(name);
    if (!entry) return;
    this.bytes -= entry.size;
    this.files.delete(name);
  }

  /** Removes least recently used files until at most `target` bytes remain. */
  async evict(target) {
    const oldest = [...this.files].sort((a, b) => a[1].used - b[1].used);
    for (const [name] of oldest) {
      if (this.bytes <= target) break;
      this.forget(name);
      await rm(join(this.dir, name), { force: true });
    }
  }
}

/**
 * An in-memory LRU of values with a byte size, bounded to `maxBytes` (a Map in use order: a hit moves to the end).
 * @example const lru = new MemoryLru(32 << 20); lru.set('k', { body, type }, body.byteLength)
 */
export class MemoryLru {
  constructor(maxBytes) {
    this.maxBytes = maxBytes;
    this.bytes = 0;
    /** @type {Map<string, { value: unknown, size: number }>} */
    this.map = new Map();
  }

  get(key) {
    const entry = this.map.get(key);
    if (!entry) return undefined;
    this.map.delete(key);
    this.map.set(key, entry);
    return entry.value;
  }

  set(key, value, size) {
    if (size > this.maxBytes) return;
    const old = this.map.get(key);
    if (old) {
      this.bytes -= old.size;
      this.map.delete(key);
    }
    this.map.set(key, { value, size });
    this.bytes += size;
    for (const [k, entry] of this.map) {
      if (this.bytes <= this.maxBytes) break;
      this.map.delete(k);
      this.bytes -= entry.size;
    }
  }

  delete(key) {
    const entry = this.map.get(key);
    if (!entry) return;
    this.map.delete(key);
    this.bytes -= entry.size;
  }

  get size() {
    return this.map.size;
  }
}

/** At most `limit` of `fn`'s runs at a time (sharp work is CPU-bound; the machine runs everything else too). */
export function limitConcurrency(limit) {
  let active = 0;
  const queue = [];
  const next = () => {
    if (active >= limit || !queue.length) return;
    active++;
    const { fn, resolve, reject } = queue.shift();
    fn().then(resolve, reject).finally(() => {
      active--;
      next();
    });
  };
  return (fn) => new Promise((resolve, reject) => {
    queue.push({ fn, resolve, reject });
    next();
  });
}
