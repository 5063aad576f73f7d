// A headless Chromium for the report's browser test and benchmark, brought by npm: the
// @sparticuz/chromium package ships the browser brotli-compressed together with the NSS and
// expat libraries it links, so a machine with only Node runs it (no Debian chromium, never a
// downloaded browser). It is unpacked once per version into a cache folder in the temporary
// directory; the unpacking happens in a private folder renamed into place, so concurrent runs
// never see a half-written browser.
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { inflate } from '@sparticuz/chromium';
import { chromium, type Browser } from 'playwright-core';

// The package's compressed parts: the browser, its fonts, its GL libraries, and the shared
// libraries (libnss3, libnspr4, libexpat) it would otherwise need from the system.
const PARTS = ['chromium.br', 'fonts.tar.br', 'swiftshader.tar.br', 'al2023.tar.br'];

function packageDir(): string {
  return join(dirname(createRequire(import.meta.url).resolve('@sparticuz/chromium')), '..');
}

/** Unpacks every part into `dir` with the package's own inflate (which writes into os.tmpdir()); `final` is where `dir` will be renamed to. */
async function unpackInto(dir: string, bin: string, final: string): Promise<void> {
  const saved = process.env['TMPDIR'];
  process.env['TMPDIR'] = dir;
  try {
    for (const part of PARTS) await inflate(join(bin, part));
  } finally {
    if (saved === undefined) delete process.env['TMPDIR'];
    else process.env['TMPDIR'] = saved;
  }
  // The shipped fonts.conf names Lambda's folders; this one names the unpacked fonts.
  writeFileSync(
    join(dir, 'fonts.conf'),
    `<?xml version="1.0"?>\n<fontconfig><dir>${join(final, 'fonts')}</dir><cachedir>${join(final, 'fonts-cache')}</cachedir></fontconfig>\n`,
  );
}

/** The unpacked browser's folder (chromium, fonts.conf, al2023/lib), unpacking it the first time. */
export async function chromiumDir(): Promise<string> {
  const pkg = packageDir();
  const { version } = JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8')) as { version: string };
  const dir = join(tmpdir(), `mhc-chromium-${version}`);
  if (existsSync(join(dir, 'chromium'))) return dir;
  const staging = mkdtempSync(join(tmpdir(), 'mhc-chromium-unpacking-'));
  try {
    await unpackInto(staging, join(pkg, 'bin'), dir);
    renameSync(staging, dir);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    // Another run renamed its copy into place first: use that one.
    if (!existsSync(join(dir, 'chromium'))) throw error;
  }
  return dir;
}

export async function launchChromium(): Promise<Browser> {
  const dir = await chromiumDir();
  return chromium.launch({
    executablePath: join(dir, 'chromium'),
    env: { ...process.env, LD_LIBRARY_PATH: join(dir, 'al2023', 'lib'), FONTCONFIG_FILE: join(dir, 'fonts.conf') },
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}
