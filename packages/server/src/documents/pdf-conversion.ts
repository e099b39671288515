import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { ApiError } from '@lbo/model/errors';
import { pdfConversionExtensions } from '@lbo/model/values/files';

/**
 * Conversion of uploads to PDF (spec 000 §5): an image becomes a one-page PDF of its size with
 * pdf-lib; an office document is converted by LibreOffice headless (`soffice`), each conversion in
 * its own profile and temporary folder so that several run at once, under a time limit.
 */

export type ConvertibleExtension = (typeof pdfConversionExtensions)[number];
export const imageExtensions: readonly ConvertibleExtension[] = ['jpeg', 'jpg', 'png'];
export const officeExtensions: readonly ConvertibleExtension[] = pdfConversionExtensions.filter(
  (e) => e !== 'pdf' && !imageExtensions.includes(e),
);

/** Settings read at each conversion: where LibreOffice is, how long a conversion may take, how many run at once. */
export function conversionSettings(env: NodeJS.ProcessEnv = process.env) {
  const positive = (value: string | undefined, fallback: number) => (Number(value) > 0 ? Number(value) : fallback);
  return {
    /** `SOFFICE_PATH`: the LibreOffice program (default `soffice`, looked up on the PATH). */
    sofficePath: env.SOFFICE_PATH || 'soffice',
    /** `PDF_CONVERSION_TIMEOUT_SECONDS` (default 120): past it, LibreOffice is stopped and the upload refused. */
    timeoutMs: positive(env.PDF_CONVERSION_TIMEOUT_SECONDS, 120) * 1000,
    /** `PDF_CONVERSIONS_AT_ONCE` (default 2): LibreOffice conversions running together in this process; others wait. */
    atOnce: positive(env.PDF_CONVERSIONS_AT_ONCE, 2),
  };
}

/** Writes the image `input` (JPEG or PNG) as a one-page PDF of the image's size to `output`. */
export async function imageToPdf(
  input: string,
  output: string,
  extension: ConvertibleExtension,
  name: string,
): Promise<void> {
  const doc = await PDFDocument.create();
  let image;
  try {
    const bytes = await uprightImage(input, extension);
    image = extension === 'png' ? await doc.embedPng(bytes) : await doc.embedJpg(bytes);
  } catch {
    throw new ApiError('PDF_CONVERSION_FAILED', [
      name,
      `the ${extension === 'png' ? 'PNG' : 'JPEG'} image could not be read`,
    ]);
  }
  // One pixel is one point: the page has the image's proportions and the picture loses nothing.
  const page = doc.addPage([image.width, image.height]);
  page.drawImage(image, { x: 0, y: 0, width: image.width, height: image.height });
  await fs.promises.writeFile(output, await doc.save());
}

/**
 * The image's bytes, turned upright first when it is a photo whose EXIF orientation says it is
 * held sideways (a PDF page shows pixels as stored): pdf-lib embeds a JPEG as it is otherwise.
 */
async function uprightImage(input: string, extension: ConvertibleExtension): Promise<Buffer> {
  const orientation = extension === 'png' ? 1 : ((await sharp(input).metadata()).orientation ?? 1);
  if (orientation === 1) return fs.promises.readFile(input);
  return sharp(input).rotate().jpeg({ quality: 95 }).toBuffer();
}

/** LibreOffice conversions under way in this process, and those waiting for their turn. */
let running = 0;
const waiting: (() => void)[] = [];

async function inTurn<T>(atOnce: number, work: () => Promise<T>): Promise<T> {
  if (running >= atOnce) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/**
 * Converts the office document `input` with LibreOffice into `workDir` and answers the PDF's path.
 * Its profile, its temporary files and its output stay inside `workDir`, which the caller removes.
 */
export async function officeToPdf(
  input: string,
  workDir: string,
  name: string,
  settings = conversionSettings(),
): Promise<string> {
  const outDir = path.join(workDir, 'pdf');
  const profile = path.join(workDir, 'profile');
  await fs.promises.mkdir(outDir);
  const args = [
    '--headless',
    '--norestore',
    '--nologo',
    '--nodefault',
    '--nolockcheck',
    `-env:UserInstallation=${pathToFileURL(profile).href}`,
    '--convert-to',
    'pdf',
    '--outdir',
    outDir,
    input,
  ];
  const result = await inTurn(settings.atOnce, () => run(settings.sofficePath, args, workDir, settings.timeoutMs));
  if (result === 'missing') throw new ApiError('PDF_CONVERSION_UNAVAILABLE');
  if (result === 'timeout')
    throw new ApiError('PDF_CONVERSION_FAILED', [
      name,
      `LibreOffice took more than ${settings.timeoutMs / 1000} seconds`,
    ]);
  const output = path.join(outDir, `${path.parse(input).name}.pdf`);
  const made = await fs.promises.stat(output).catch(() => undefined);
  // LibreOffice ends without error on a file it cannot read; only its output tells.
  if (!made?.size) throw new ApiError('PDF_CONVERSION_FAILED', [name, 'LibreOffice could not read it']);
  return output;
}

/**
 * Runs the program in its own process group (LibreOffice starts a second process), with its
 * temporary files in `workDir`; past the timeout the whole group is killed.
 */
function run(
  program: string,
  args: string[],
  workDir: string,
  timeoutMs: number,
): Promise<'done' | 'missing' | 'timeout'> {
  return new Promise((resolve) => {
    const child = spawn(program, args, {
      cwd: workDir,
      detached: true,
      stdio: 'ignore',
      env: { ...process.env, TMPDIR: workDir },
    });
    const killGroup = () => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
    };
    let outcome: 'done' | 'missing' | 'timeout' = 'done';
    const timer = setTimeout(() => {
      outcome = 'timeout';
      killGroup();
    }, timeoutMs);
    child.once('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      // Not there, or not a program: either way LibreOffice is not installed where it is looked for.
      resolve(error.code === 'ENOENT' || error.code === 'EACCES' ? 'missing' : 'done');
    });
    child.once('close', () => {
      clearTimeout(timer);
      // Whatever LibreOffice left running after its answer goes with it.
      killGroup();
      resolve(outcome);
    });
  });
}
