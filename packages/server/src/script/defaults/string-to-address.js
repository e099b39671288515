// Reads an address typed as one line (spec 002 §5): "street, [second line,] postal code city[, country]".
function execute(context) {
  const text = String(context.body?.text || context.query.text || '');
  const parts = text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const address = {};
  if (parts.length < 2 || parts.length > 4) return { address1: text.trim() };
  address.address1 = parts[0];
  const rest = parts.slice(1);
  if (rest.length === 3 || (rest.length === 2 && !/^\d{5}\b/.test(rest[0]))) address.address2 = rest.shift();
  const place = rest.shift() || '';
  const postal = place.match(/^(\d{5})\s*(.*)$/);
  if (postal) {
    address.postalCode = postal[1];
    address.city = postal[2];
  } else {
    address.city = place;
  }
  if (rest.length) address.country = rest.shift();
  return address;
}
