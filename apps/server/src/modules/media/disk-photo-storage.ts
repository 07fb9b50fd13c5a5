import { createReadStream } from 'node:fs';
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { PhotoStorage } from './photo-storage';

export function diskPhotoStorage(dir: string): PhotoStorage {
  return {
    async put(name, body) {
      await mkdir(dir, { recursive: true });
      // Written beside, then renamed: a reader never sees half a file.
      const partial = join(dir, `.${name}.partial`);
      await writeFile(partial, body);
      await rename(partial, join(dir, name));
    },
    async get(name) {
      const path = join(dir, name);
      const info = await stat(path).catch(() => undefined);
      if (!info?.isFile()) return undefined;
      return { body: createReadStream(path), size: info.size };
    },
  };
}
