import fs from 'node:fs';

/**
 * The scripts every tenant starts with (docs/scripts.md), as data: records of the kind Script,
 * their code read once at start from `defaults/{name}.js`, so that a tenant may edit any of them
 * and the product behaves as before until it does.
 */
const described: { name: string; scriptType: string; entityName?: string; description: string }[] = [
  { name: 'hello-world', scriptType: 'RUN', description: 'Answers a greeting: checks that scripts run' },
  { name: 'products-catalog', scriptType: 'RUN', description: "The tenant's products for the catalogue pickers" },
  {
    name: 'person-layout',
    scriptType: 'LAYOUT',
    entityName: 'Person',
    description: 'Extra cards of the person screen',
  },
  {
    name: 'contract-layout',
    scriptType: 'LAYOUT',
    entityName: 'Contract',
    description: 'Extra cards of the contract screen',
  },
  { name: 'asset-layout', scriptType: 'LAYOUT', entityName: 'Asset', description: 'Extra cards of the asset screen' },
  {
    name: 'personRegistration-format-check',
    scriptType: 'FORMAT_CHECK',
    entityName: 'Person',
    description: "Checks the number of a person's identifier",
  },
  { name: 'string-to-address', scriptType: 'RUN', description: 'Reads an address typed on one line' },
  { name: 'address-to-string', scriptType: 'RUN', description: 'Writes an address on one line' },
];

const codeOf = (name: string) => fs.readFileSync(new URL(`./defaults/${name}.js`, import.meta.url), 'utf8');

export const defaultScripts: Record<string, unknown>[] = described.map((script) => ({
  ...script,
  code: codeOf(script.name),
  enabled: true,
}));

/** The shipped code of a default script, to tell an unedited one (undefined for others). */
export const defaultCodeOf = (name: string): string | undefined =>
  defaultScripts.find((script) => script.name === name)?.code as string | undefined;
