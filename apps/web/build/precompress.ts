import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg|txt|webmanifest)$/;

/** The service worker files vite-plugin-pwa writes after the bundle (decision 019). */
const SERVICE_WORKER = /^(?:sw\.js|workbox-[\w-]+\.js)$/;

function compressFile(path: string): void {
  let source: Buffer;
  try {
    source = readFileSync(path);
  } catch {
    return;
  }
  if (source.length < 1024) return;
  writeFileSync(`${path}.br`, brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length } }));
  writeFileSync(`${path}.gz`, gzipSync(source, { level: 9 }));
}

/**
 * Writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip -9) next to every text asset of
 * the build, once at build time; the API serves the variant the browser accepts (issue 15). The
 * service worker is written later (when the bundle is closed), so it is compressed then.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'grove-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    writeBundle(_options, bundle) {
      const files = [...Object.keys(bundle), 'index.html'].filter((name, i, all) => COMPRESSIBLE.test(name) && all.indexOf(name) === i);
      for (const name of files) compressFile(join(outDir, name));
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        let names: string[];
        try {
          names = readdirSync(outDir);
        } catch {
          return;
        }
        for (const name of names) if (SERVICE_WORKER.test(name)) compressFile(join(outDir, name));
      },
    },
  };
}
