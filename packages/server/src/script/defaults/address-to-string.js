// Writes an address on one line, the reverse of string-to-address.
function execute(context) {
  const address = context.body?.address || context.body || {};
  const place = [address.postalCode, address.city].filter(Boolean).join(' ');
  return [address.address1, address.address2, place, address.country].filter(Boolean).join(', ');
}
