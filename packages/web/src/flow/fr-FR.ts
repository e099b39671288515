/** French texts of flow mode (`/k/{accessKey}/p/{pageId}`), keyed by their English wording. */
export const flowFr: Record<string, string> = {
  'This link is not valid or has expired.': 'Ce lien n’est pas valide ou a expiré.',
  'Ask the person who sent it for a new link.': 'Demandez un nouveau lien à la personne qui vous l’a envoyé.',
  'Thank you: your answer was saved as {registration}.': 'Merci : votre réponse est enregistrée sous {registration}.',
  Send: 'Envoyer',
};
