/** French texts of the dynamic pages (/page/{name}), keyed by their English wording. */
export const dynoFr: Record<string, string> = {
  'This page does not exist': 'Cette page n’existe pas',
};
