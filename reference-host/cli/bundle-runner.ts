// Starts a CommonJS bundle of refhost (scripts/bundle-refhost.mjs) from V8's code cache. Why:
// compiling the 1.2 MB bundle and the functions a start runs was a third of refhost's start-up
// CPU (about 60 of 170 ms); the cache, made at build time, skips that. Node 20 has no
// module.enableCompileCache, so the bundle is compiled here as a vm.Script with cachedData.
// V8 takes a cache only from the same V8 version and flags, so there is one cache file per set
// of node options; a cache also records the checksum of its bundle, so an edited bundle never
// runs with the code of the old one (V8 itself only compares lengths). Without a usable cache
// the bundle compiles as it would without this file: the host behaves the same, only slower.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import vm from 'node:vm';
import { crc32 } from 'node:zlib';

/** Bytes before V8's data in a cache file: the crc32 of the bundle it was made from. */
const HEADER_BYTES = 4;

/** The cache file of `bundle` for this node version and the options this process was started with. */
export function codeCacheFile(bundle: string, options: { execArgv: readonly string[]; nodeOptions: string | undefined } = { execArgv: process.execArgv, nodeOptions: process.env.NODE_OPTIONS }): string {
  const key = crc32(`${options.execArgv.join(' ')}\0${options.nodeOptions ?? ''}`).toString(16).padStart(8, '0');
  return `${bundle}.${process.version}-${key}.cache`;
}

export interface CompiledBundle {
  /** Whether V8 took the cache (false without one). */
  readonly cacheUsed: boolean;
  /** Runs the bundle as Node runs a CommonJS main module. */
  run(): void;
  /** Writes the cache of everything compiled so far (atomically: a half-written cache is never read). */
  saveCache(): void;
}

function readCache(file: string, checksum: number): Buffer | undefined {
  let data: Buffer;
  try {
    data = readFileSync(file);
  } catch {
    return undefined;
  }
  return data.length > HEADER_BYTES && data.readUInt32LE(0) === checksum ? data.subarray(HEADER_BYTES) : undefined;
}

/** Compiles `bundle` (an absolute path), with its cache unless `useCache` is false. */
export function compileBundle(bundle: string, { useCache = true }: { useCache?: boolean } = {}): CompiledBundle {
  const bytes = readFileSync(bundle);
  const checksum = crc32(bytes);
  const cacheFile = codeCacheFile(bundle);
  const cachedData = useCache ? readCache(cacheFile, checksum) : undefined;
  // The build checks that a bundle is ASCII, so latin1 decodes it exactly, and faster than UTF-8.
  const source = `(function (exports, require, module, __filename, __dirname) {${bytes.toString('latin1')}\n})`;
  const script = new vm.Script(source, {
    filename: bundle,
    cachedData,
    // As in an ES module: an import() in the bundle goes to Node's own loader.
    importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  return {
    cacheUsed: cachedData !== undefined && !script.cachedDataRejected,
    run() {
      const module = { exports: {} };
      const main = script.runInThisContext() as (...args: unknown[]) => void;
      main.call(module.exports, module.exports, createRequire(bundle), module, bundle, dirname(bundle));
    },
    saveCache() {
      const header = Buffer.alloc(HEADER_BYTES);
      header.writeUInt32LE(checksum);
      const temp = `${cacheFile}.${process.pid}.tmp`;
      writeFileSync(temp, Buffer.concat([header, script.createCachedData()]));
      renameSync(temp, cacheFile);
    },
  };
}

/** Runs `bundle` (an absolute path) from its code cache when there is a usable one. */
export function runBundle(bundle: string): void {
  compileBundle(bundle).run();
}
