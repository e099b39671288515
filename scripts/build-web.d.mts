/** Types of scripts/build-web.mjs, for the tests that use it. */
export function webInputs(root?: string): string[];
export function hashInputs(root: string, inputs: string[]): string;
export function builtHash(dist: string): string | undefined;
export function buildWhenChanged(options: {
  root: string;
  webDir: string;
  inputs: string[];
  build: (outDir: string) => Promise<void>;
  force?: boolean;
  log?: (line: string) => void;
}): Promise<boolean>;
