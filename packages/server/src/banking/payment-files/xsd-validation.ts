/**
 * Validation of an ISO 20022 message against its schema (packages/server/iso20022/xsd), in
 * process: libxml2's xmllint compiled to WebAssembly (xmllint-wasm), run on a worker thread so
 * that a large file does not hold up the server (docs/decisions.md, "SEPA files").
 */
import fs from 'node:fs/promises';
import { memoryPages, validateXML } from 'xmllint-wasm';

const xsdDir = new URL('../../../iso20022/xsd/', import.meta.url);
const schemas = new Map<string, Promise<string>>();

/** The message versions there is a schema for (`pain.008.001.08`, `camt.053.001.02`, …). */
export const schemaVersions = [
  'pain.001.001.03',
  'pain.001.001.09',
  'pain.008.001.02',
  'pain.008.001.08',
  'camt.053.001.02',
  'camt.053.001.04',
  'camt.053.001.08',
  'camt.054.001.02',
  'camt.054.001.04',
  'camt.054.001.08',
] as const;
export type SchemaVersion = (typeof schemaVersions)[number];

const schemaText = (version: SchemaVersion) => {
  let text = schemas.get(version);
  if (!text) {
    text = fs.readFile(new URL(`${version}.xsd`, xsdDir), 'utf8');
    schemas.set(version, text);
  }
  return text;
};

/** The schema's complaints about `xml` (line and message), none when it is valid. */
export async function xsdErrors(xml: string, version: SchemaVersion): Promise<string[]> {
  // libxml2 needs a few times the document's size; the memory is taken only as it grows.
  const needed = Math.ceil((64 * 1024 * 1024 + xml.length * 12) / (64 * 1024));
  const result = await validateXML({
    xml: { fileName: 'message.xml', contents: xml },
    schema: { fileName: `${version}.xsd`, contents: await schemaText(version) },
    maxMemoryPages: Math.min(memoryPages.max, Math.max(memoryPages.defaultMaxMemoryPages, needed)),
  });
  return result.valid
    ? []
    : result.errors.map((e) => (e.loc ? `line ${e.loc.lineNumber}: ${e.message}` : e.message)).filter(Boolean);
}
