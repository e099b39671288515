export const frFR: Record<string, string> = {};
