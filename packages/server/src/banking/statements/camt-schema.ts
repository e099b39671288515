/**
 * Validation of a camt file against its ISO 20022 schema (iso20022/xsd/), in process with
 * xmllint-wasm (libxml2 in WebAssembly, run on a worker thread), in its streaming mode so that a
 * large file does not become a tree. The message's namespace names the schema.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateXML, memoryPages } from 'xmllint-wasm';
import { ApiError } from '@lbo/model/errors';

const xsdDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../iso20022/xsd');

/** The camt versions imported, by the namespace's last part. */
export const camtVersions = [
  'camt.053.001.02',
  'camt.053.001.04',
  'camt.053.001.08',
  'camt.054.001.02',
  'camt.054.001.04',
  'camt.054.001.08',
] as const;
export type CamtVersion = (typeof camtVersions)[number];

const schemas = new Map<CamtVersion, string>();
const schemaOf = (version: CamtVersion) => {
  if (!schemas.has(version)) schemas.set(version, fs.readFileSync(path.join(xsdDir, `${version}.xsd`), 'utf8'));
  return schemas.get(version)!;
};

/** The camt version a file declares (its default namespace, read from its first kilobytes), or a 400. */
export function camtVersionOf(head: string): CamtVersion {
  const ns = /xmlns(?::\w+)?\s*=\s*["']urn:iso:std:iso:20022:tech:xsd:(camt\.05[34]\.001\.\d\d)["']/.exec(head)?.[1];
  if (!ns) throw new ApiError('INVALID_XML', ['not an ISO 20022 camt.053 or camt.054 message (no camt namespace)']);
  if (!(camtVersions as readonly string[]).includes(ns))
    throw new ApiError('INVALID_XML', [`${ns} is not imported (camt.053 and camt.054 versions .02, .04, .08 are)`]);
  return ns as CamtVersion;
}

/** Refuses (400 INVALID_XML, naming the first errors) a file that is not well-formed or not valid against its schema. */
export async function validateCamt(content: Buffer, version: CamtVersion): Promise<void> {
  const mib = Math.ceil(content.length / 1024 / 1024);
  if (!content.length) throw new ApiError('INVALID_XML', ['the file is empty']);
  const result = await validateXML({
    xml: { fileName: 'statement.xml', contents: content },
    schema: { fileName: `${version}.xsd`, contents: schemaOf(version) },
    stream: true,
    // The file sits in the validator's memory once; the streaming reader needs little beside it.
    initialMemoryPages: memoryPages.defaultInitialMemoryPages,
    maxMemoryPages: memoryPages.MiB * Math.min(4000, 64 + mib * 2),
  }).catch((error: Error) => {
    // xmllint ends with another code than "invalid" on a file it cannot parse at all.
    throw new ApiError('INVALID_XML', [
      `not well-formed: ${String(error.message)
        .split('\n')
        .filter((l) => l && !l.endsWith('validates'))
        .join('; ')
        .slice(0, 300)}`,
    ]);
  });
  if (result.valid) return;
  const errors = result.errors
    .slice(0, 3)
    .map((e) => (e.loc ? `line ${e.loc.lineNumber}: ${e.message}` : e.message))
    .join('; ');
  throw new ApiError('INVALID_XML', [`not valid against ${version}: ${errors || 'not well-formed'}`]);
}
