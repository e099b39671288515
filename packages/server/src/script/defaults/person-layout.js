// The person screen's layout: the default one, with no extra card. Return { cards: [{ title, fields: [...] }] } to add some.
function execute(_layout) {
  return { cards: [] };
}
