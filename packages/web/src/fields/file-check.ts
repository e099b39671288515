/** Spec 000 §5: a file larger than the maximum, or with an extension not accepted. */
export interface FileRules {
  /** Bytes; MB is 1048576 bytes. */
  maxSize?: number;
  /** Accepted extensions without dot; any when absent. */
  accepted?: string[];
}

const sizeText = (bytes: number) => (bytes >= 1048576 ? `${Math.round((bytes / 1048576) * 10) / 10}MB` : `${Math.round(bytes / 1024)}KB`);

export function fileProblem(file: { name: string; size: number }, rules: FileRules): { key: string; values: Record<string, unknown> } | undefined {
  if (rules.maxSize !== undefined && file.size > rules.maxSize) return { key: 'File too large. Max size {size}', values: { size: sizeText(rules.maxSize) } };
  const ext = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  if (rules.accepted && !rules.accepted.includes(ext)) {
    return { key: 'Forbidden document extension "{ext}". Accepted formats: {list}', values: { ext, list: rules.accepted.join(', ') } };
  }
  return undefined;
}
