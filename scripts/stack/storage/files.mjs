// @ts-check
// The bytes on disk. A new version is written under a fresh uuid and only becomes visible when
// the row pointing at it commits; older versions are removed afterwards, so a refused or failed
// upload never replaces what readers see.
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rm, stat, writeFile, copyFile } from 'node:fs/promises';
import { join } from 'node:path';
import { objectDir } from './keys.mjs';

/** @param {string} storageDir */
export function createFileStore(storageDir) {
  /** @param {string} bucket @param {string} key @param {string} version */
  const versionPath = (bucket, key, version) => join(objectDir(storageDir, bucket, key), version);

  return {
    versionPath,

    /** @param {string} bucket @param {string} key @param {string} version @param {Buffer} bytes */
    async write(bucket, key, version, bytes) {
      const dir = objectDir(storageDir, bucket, key);
      await mkdir(dir, { recursive: true });
      await writeFile(join(dir, version), bytes, { flag: 'wx' });
    },

    /**
     * @param {string} fromBucket @param {string} fromKey @param {string} fromVersion
     * @param {string} toBucket @param {string} toKey @param {string} toVersion
     */
    async copy(fromBucket, fromKey, fromVersion, toBucket, toKey, toVersion) {
      const dir = objectDir(storageDir, toBucket, toKey);
      await mkdir(dir, { recursive: true });
      await copyFile(versionPath(fromBucket, fromKey, fromVersion), join(dir, toVersion));
    },

    /**
     * Removes every version file of the key except `keep` (child keys are folders, left alone).
     * @param {string} bucket @param {string} key @param {string | null} [keep]
     */
    async prune(bucket, key, keep = null) {
      let dir;
      try {
        dir = objectDir(storageDir, bucket, key);
      } catch {
        return; // a row written by SQL with a key we would never store: it has no file
      }
      const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
      await Promise.all(entries.filter((e) => e.isFile() && e.name !== keep).map((e) => rm(join(dir, e.name), { force: true })));
    },

    /** @param {string} bucket @param {string} key @param {string} version */
    async removeVersion(bucket, key, version) {
      await rm(versionPath(bucket, key, version), { force: true });
    },

    /** @param {string} bucket @param {string} key @param {string} version */
    async open(bucket, key, version) {
      const path = versionPath(bucket, key, version);
      const info = await stat(path).catch(() => null);
      return info?.isFile() ? { size: info.size, stream: () => createReadStream(path) } : null;
    },
  };
}
