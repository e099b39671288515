import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where the content of documents lives, behind one adapter: the filesystem under DATA_DIR by
 * default. Contents stream in and out; a write is never seen half done: it goes to a part file,
 * is flushed to disk and only then renamed to its key, and a failed write leaves nothing.
 */
export interface ObjectStore {
  /** Writes `content` under `key`; `inspect` sees the bytes as they pass and may refuse them by throwing. */
  put(key: string, content: Readable, inspect?: ContentInspector): Promise<StoredObject>;
  /** The content under `key`, or undefined when there is none. */
  get(key: string): Promise<{ content: Readable; size: number } | undefined>;
  /** Removes the content under `key`; nothing when there is none. */
  remove(key: string): Promise<void>;
}

export interface StoredObject {
  size: number;
  /** SHA-256 of the content, hex. */
  sha256: string;
}

/** Called with each chunk and the bytes seen before it; throws to refuse the content. */
export type ContentInspector = (chunk: Buffer, seenBefore: number) => void;

/** Keys are `{tenant}/{uuid}`: a key never leaves its folder. */
const keyPattern = /^[a-z0-9_-]{1,100}\/[0-9a-f-]{36}$/i;

/** The filesystem store under `root` (DATA_DIR/objects). */
export function fileSystemStore(root: string): ObjectStore {
  const fileOf = (key: string) => {
    if (!keyPattern.test(key)) throw new Error(`Invalid object key ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, content, inspect) {
      const file = fileOf(key);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      const part = `${file}.part-${crypto.randomUUID()}`;
      const hash = crypto.createHash('sha256');
      let size = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          try {
            inspect?.(chunk, size);
          } catch (error) {
            done(error as Error);
            return;
          }
          size += chunk.length;
          hash.update(chunk);
          done(null, chunk);
        },
      });
      try {
        const out = fs.createWriteStream(part, { flags: 'wx' });
        await pipeline(content, counter, out);
        // Durable before it is named: a crash leaves a part file, never a short object.
        const handle = await fs.promises.open(part, 'r');
        try { await handle.sync(); } finally { await handle.close(); }
        await fs.promises.rename(part, file);
      } catch (error) {
        await fs.promises.rm(part, { force: true });
        throw error;
      }
      return { size, sha256: hash.digest('hex') };
    },
    async get(key) {
      const file = fileOf(key);
      const stat = await fs.promises.stat(file).catch(() => undefined);
      return stat?.isFile() ? { content: fs.createReadStream(file), size: stat.size } : undefined;
    },
    async remove(key) {
      await fs.promises.rm(fileOf(key), { force: true });
    },
  };
}
