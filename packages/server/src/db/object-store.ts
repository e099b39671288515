import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where the content of documents lives, behind one adapter: the filesystem under DATA_DIR by
 * default, any S3-compatible service when configured. Contents stream in and out; a write is never seen half done: it goes to a part file,
 * is flushed to disk and only then renamed to its key, and a failed write leaves nothing.
 */
export interface ObjectStore {
  /** Writes `content` under `key`; `inspect` sees the bytes as they pass and may refuse them by throwing. */
  put(key: string, content: Readable, inspect?: ContentInspector): Promise<StoredObject>;
  /** The content under `key`, or undefined when there is none. */
  get(key: string): Promise<{ content: Readable; size: number } | undefined>;
  /** Removes the content under `key`; nothing when there is none. */
  remove(key: string): Promise<void>;
  /**
   * Removes what writes of `key` that never ended left behind (a process killed mid-write: a part
   * file, an unfinished multipart upload), for a writer about to write `key` again; a write of it
   * still under way fails.
   */
  removeUnfinished(key: string): Promise<void>;
  /** Every key under `prefix` (all when none; part files of writes under way excepted), with its size and when it was written. */
  list(prefix?: string): AsyncIterable<ListedObject>;
}

export interface ListedObject {
  key: string;
  size: number;
  lastModified: Date;
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

/** A pass-through that hashes and counts what flows, letting `inspect` refuse it. */
function measuring(inspect?: ContentInspector) {
  const hash = crypto.createHash('sha256');
  let size = 0;
  const stream = new Transform({
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
  return { stream, stored: (): StoredObject => ({ size, sha256: hash.digest('hex') }) };
}

const checkedKey = (key: string) => {
  if (!keyPattern.test(key)) throw new Error(`Invalid object key ${key}`);
  return key;
};

/** The filesystem store under `root` (DATA_DIR/objects). */
export function fileSystemStore(root: string): ObjectStore {
  const fileOf = (key: string) => path.join(root, checkedKey(key));
  return {
    async put(key, content, inspect) {
      const file = fileOf(key);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      const part = `${file}.part-${crypto.randomUUID()}`;
      const measured = measuring(inspect);
      try {
        await pipeline(content, measured.stream, fs.createWriteStream(part, { flags: 'wx' }));
        // Durable before it is named: a crash leaves a part file, never a short object.
        const handle = await fs.promises.open(part, 'r');
        try {
          await handle.sync();
        } finally {
          await handle.close();
        }
        await fs.promises.rename(part, file);
      } catch (error) {
        await fs.promises.rm(part, { force: true });
        throw error;
      }
      return measured.stored();
    },
    async get(key) {
      const file = fileOf(key);
      const stat = await fs.promises.stat(file).catch(() => undefined);
      return stat?.isFile() ? { content: fs.createReadStream(file), size: stat.size } : undefined;
    },
    async remove(key) {
      await fs.promises.rm(fileOf(key), { force: true });
    },
    async removeUnfinished(key) {
      const file = fileOf(key);
      const parts = (await fs.promises.readdir(path.dirname(file)).catch(() => [] as string[])).filter((name) =>
        name.startsWith(`${path.basename(file)}.part-`),
      );
      await Promise.all(parts.map((name) => fs.promises.rm(path.join(path.dirname(file), name), { force: true })));
    },
    async *list(prefix = '') {
      const folders = await fs.promises.readdir(root, { withFileTypes: true }).catch(() => []);
      for (const folder of folders) {
        if (!folder.isDirectory() || !(`${folder.name}/`.startsWith(prefix) || prefix.startsWith(`${folder.name}/`)))
          continue;
        for (const file of await fs.promises.readdir(path.join(root, folder.name)).catch(() => [])) {
          const key = `${folder.name}/${file}`;
          if (!keyPattern.test(key) || !key.startsWith(prefix)) continue;
          const stat = await fs.promises.stat(path.join(root, key)).catch(() => undefined);
          if (stat?.isFile()) yield { key, size: stat.size, lastModified: stat.mtime };
        }
      }
    },
  };
}

/** An S3-compatible store (AWS S3, MinIO, Ceph, …): `S3_BUCKET` and friends, see README. */
export interface S3Settings {
  bucket: string;
  region?: string;
  /** The service's address when it is not AWS (`http://127.0.0.1:9000`); paths then name the bucket. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
}

/**
 * The S3 store: uploads stream as multipart uploads of 8 MB parts (the object appears only when
 * the last part is sent, and a failed upload is aborted, leaving nothing); downloads stream the
 * object's body.
 */
export function s3Store(settings: S3Settings): ObjectStore {
  // The SDK (some 20 MB of memory) is loaded only by a server whose documents live in S3.
  const connection = Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]).then(
    ([sdk, { Upload }]) => ({
      sdk,
      Upload,
      client: new sdk.S3Client({
        region: settings.region ?? 'us-east-1',
        ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
        ...(settings.accessKeyId && settings.secretAccessKey
          ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
          : {}),
      }),
    }),
  );
  // A failure to load is each call's to tell, not an unhandled rejection.
  connection.catch(() => undefined);
  const Bucket = settings.bucket;
  return {
    async put(key, content, inspect) {
      const { sdk, Upload, client } = await connection;
      const measured = measuring(inspect);
      const upload = new Upload({
        client,
        params: { Bucket, Key: checkedKey(key), Body: measured.stream },
        partSize: 8 * 1_048_576,
        queueSize: 2,
        leavePartsOnError: false,
      });
      const sent = upload.done();
      // The content's own failure (a refusal, a client gone) is the one to tell, not the abort it causes.
      let refused: unknown;
      const piped = pipeline(content, measured.stream).catch(async (error) => {
        refused = error;
        await upload.abort().catch(() => undefined);
      });
      try {
        await Promise.all([piped, sent]);
        if (refused) throw refused;
      } catch (error) {
        await Promise.allSettled([piped, sent]);
        await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: key })).catch(() => undefined);
        throw refused ?? error;
      }
      return measured.stored();
    },
    async get(key) {
      const { sdk, client } = await connection;
      try {
        const answer = await client.send(new sdk.GetObjectCommand({ Bucket, Key: checkedKey(key) }));
        return answer.Body ? { content: answer.Body as Readable, size: Number(answer.ContentLength ?? 0) } : undefined;
      } catch (error) {
        if ((error as { name?: string }).name === 'NoSuchKey') return undefined;
        throw error;
      }
    },
    async remove(key) {
      const { sdk, client } = await connection;
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: checkedKey(key) }));
    },
    async removeUnfinished(key) {
      const { sdk, client } = await connection;
      const { Uploads = [] } = await client.send(
        new sdk.ListMultipartUploadsCommand({ Bucket, Prefix: checkedKey(key) }),
      );
      await Promise.all(
        Uploads.filter((u) => u.Key === key && u.UploadId).map((u) =>
          client.send(new sdk.AbortMultipartUploadCommand({ Bucket, Key: key, UploadId: u.UploadId })),
        ),
      );
    },
    async *list(prefix) {
      const { sdk, client } = await connection;
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new sdk.ListObjectsV2Command({ Bucket, ContinuationToken, ...(prefix ? { Prefix: prefix } : {}) }),
        );
        for (const object of page.Contents ?? []) {
          if (object.Key && keyPattern.test(object.Key))
            yield { key: object.Key, size: Number(object.Size ?? 0), lastModified: object.LastModified ?? new Date(0) };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}
